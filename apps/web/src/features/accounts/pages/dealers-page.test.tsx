import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import DealersPage from './dealers-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;

describe('Dealer list', () => {
  beforeEach(() => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows "Something went wrong" in place of the page and says "Failed to fetch dealers" when the list cannot load', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    renderWithApp(<DealersPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch dealers');
  });
});
