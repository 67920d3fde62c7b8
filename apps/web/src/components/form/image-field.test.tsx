import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import { IMAGE_MAX_BYTES } from '@meltway/shared/catalogue/limits';
import { STORE_IMAGE_RULES } from '@/lib/file-check';
import { ImageField, useImageUpload } from './image-field';

function Picture({ stored, progress }: { stored?: string; progress?: number }) {
  const image = useImageUpload(stored);
  return <ImageField label="Logo" rules={STORE_IMAGE_RULES} hint="JPEG, PNG or WebP" {...image.field} error={image.error} progress={progress ?? image.field.progress} />;
}

const png = (bytes = 10, name = 'logo.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('image field', () => {
  // jsdom has no object URLs; each test file runs on its own globals.
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:chosen'), revokeObjectURL: vi.fn() });
  });

  it('refuses a file too large or not an image with the shared message, before anything is sent', async () => {
    render(<Picture />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Logo'), png(IMAGE_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(catalogueMessages.imageTooLarge);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Logo'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(catalogueMessages.imageType);
    expect(screen.getByLabelText('Logo')).toHaveAttribute('aria-invalid', 'true');
  });

  it('previews a chosen picture, and Remove goes back to the stored one', async () => {
    render(<Picture stored="/uploads/old.png" />);
    const user = userEvent.setup();
    expect(screen.getByRole('img', { name: 'Preview of Logo' })).toHaveAttribute('src', '/uploads/old.png');
    expect(screen.queryByRole('button', { name: 'Remove Image' })).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Logo'), png());
    expect(screen.getByRole('img', { name: 'Preview of Logo' })).toHaveAttribute('src', 'blob:chosen');
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change image' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Image' }));
    expect(screen.getByRole('img', { name: 'Preview of Logo' })).toHaveAttribute('src', '/uploads/old.png');
    expect(screen.queryByText('logo.png')).not.toBeInTheDocument();
  });

  it('clears a refusal once a good file is chosen', async () => {
    render(<Picture />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Logo'), png(IMAGE_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Logo'), png());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('JPEG, PNG or WebP')).toBeInTheDocument();
  });

  it('shows how much of the upload has gone out', () => {
    render(<Picture progress={0.42} />);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42 % sent')).toBeInTheDocument();
  });

  it('shows no bar before an upload starts', () => {
    render(<Picture />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
