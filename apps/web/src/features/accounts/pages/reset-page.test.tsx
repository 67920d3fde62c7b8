import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import ResetPage from './reset-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as the page meets it: the link check answers `check`, a forgot-password request is recorded. */
function stubApi(check: () => Response) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v1/users/reset-password/')) return check();
      if (url === '/api/v1/users/forgot-password') return json({ message: 'Password reset link has been sent to your email.' });
      return json({ message: 'not stubbed', code: 'NOT_FOUND' }, 404);
    }),
  );
  return calls;
}

describe('reset page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says at once that a used link is used, without a password form, and asks for a new link from there', async () => {
    const calls = stubApi(() => json({ message: 'This reset link has already been used', code: 'accounts.resetLinkUsed' }, 400));
    const user = userEvent.setup();
    renderWithApp(<ResetPage />, { path: '/reset?token=used-token' });

    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has already been used');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/v1/users/reset-password/used-token')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'sam@example.ca');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Password reset link has been sent to your email.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/users/forgot-password')?.body).toEqual({ email: 'sam@example.ca' });
  });

  it('says an expired link has expired', async () => {
    stubApi(() => json({ message: 'This reset link has expired', code: 'accounts.resetLinkExpired' }, 400));
    renderWithApp(<ResetPage />, { path: '/reset?token=old-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired');
    expect(screen.getByRole('button', { name: 'Ask for a new link' })).toBeInTheDocument();
  });

  it('shows that it checks the link, then the form for a link that works', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    renderWithApp(<ResetPage />, { path: '/reset?token=good-token' });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your reset link…');
    answer(json({ expiresAt: new Date(Date.now() + 30 * 60_000).toISOString() }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });
});
