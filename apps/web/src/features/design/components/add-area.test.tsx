import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddArea } from './add-area';

describe('Add an area', () => {
  it('loads its menu on first use, opens it at once, and adds the kind chosen', async () => {
    const onAdd = vi.fn();
    render(<AddArea onAdd={onAdd} />);
    // Before first use: the button alone, no menu in the page.
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add an area' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(5);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Walkway' }));
    expect(onAdd).toHaveBeenCalledExactlyOnceWith('walkway');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('cannot be used when the project has its 20 areas', async () => {
    const onAdd = vi.fn();
    render(<AddArea onAdd={onAdd} disabled />);
    expect(screen.getByRole('button', { name: 'Add an area' })).toBeDisabled();
  });
});
