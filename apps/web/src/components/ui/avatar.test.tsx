import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it("shows the user's image when there is one", () => {
    const { container } = render(<Avatar name="North Heat Supply" src="/uploads/avatars/north.png" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/north.png');
    expect(container).not.toHaveTextContent('NS');
  });

  it('shows initials when there is no image', () => {
    const { container } = render(<Avatar name="North Heat Supply" src={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('NS');
  });

  it('falls back to initials when the image does not load, never a broken picture', () => {
    const { container } = render(<Avatar name="Dana Frost" src="/missing.png" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('DF');
  });
});
