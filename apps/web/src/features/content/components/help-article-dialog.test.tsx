import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '@/test/render';
import { HelpArticleDialog } from './help-article-dialog';

describe('help article dialog', () => {
  it("says SPEC's one sentence once when both fields are empty", async () => {
    const user = userEvent.setup();
    renderWithApp(<HelpArticleDialog open onOpenChange={vi.fn()} article={null} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Help article title and description required')).toHaveLength(1);
  });

  it("puts a taken title on the title field from the server's issue", async () => {
    // The article goes as a multipart form, through XMLHttpRequest: this one answers that the title is taken.
    class TakenTitleXhr {
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror = null;
      onabort = null;
      open() {}
      setRequestHeader() {}
      abort() {}
      send() {
        this.status = 409;
        this.responseText = JSON.stringify({
          message: 'A help article with this title already exists',
          code: 'content.helpTitleTaken',
          issues: [{ path: 'title', code: 'content.helpTitleTaken', message: 'A help article with this title already exists' }],
        });
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', TakenTitleXhr);
    const user = userEvent.setup();
    renderWithApp(<HelpArticleDialog open onOpenChange={vi.fn()} article={null} />);
    const dialog = await screen.findByRole('dialog');
    const inputs = dialog.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name=name], textarea[name=description]');
    await user.type(inputs[0]!, 'Ramps');
    await user.type(inputs[1]!, 'How to heat a ramp.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A help article with this title already exists')).toBeInTheDocument();
    expect(inputs[0]).toHaveAttribute('aria-invalid', 'true');
    vi.unstubAllGlobals();
  });
});
