import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { stubApi } from '@/test/dashboard-orders';
import { CreditSection } from './credit-section';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const USER = '00000000-0000-4000-8000-0000000000c9';
const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const SLOW = { timeout: 5000 };

describe('Credit section', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    vi.clearAllMocks();
  });

  it('shows the limit, what is owed and what is left, and sets a limit typed in dollars as cents', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      [`GET /api/v1/users/${USER}/credit`]: () => ({ userId: USER, creditLimitCents: 500_000, owedCents: 120_050, availableCents: 379_950 }),
      [`PUT /api/v1/users/${USER}/credit-limit`]: ({ body }) => ({
        userId: USER,
        creditLimitCents: (body as { creditLimitCents: number | null }).creditLimitCents,
        owedCents: 120_050,
        availableCents: 1_129_950,
      }),
    });
    renderWithApp(<CreditSection userId={USER} />);
    expect(await screen.findByText('$5,000.00')).toBeInTheDocument();
    expect(screen.getByText('$1,200.50')).toBeInTheDocument();
    expect(screen.getByText('$3,799.50')).toBeInTheDocument();
    const box = screen.getByLabelText('Credit limit (CAD)');
    expect(box).toHaveValue('5000.00');

    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, '12500.505');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Enter an amount in dollars, such as 5000 or 5000.00, or leave the box empty.')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, '12,500.50');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ creditLimitCents: 1_250_050 }), SLOW);
    expect(await screen.findByText('$12,500.50')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('The credit limit is now $12,500.50.');
  });

  it('takes the credit away when the box is left empty', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      [`GET /api/v1/users/${USER}/credit`]: () => ({ userId: USER, creditLimitCents: 100_000, owedCents: 0, availableCents: 100_000 }),
      [`PUT /api/v1/users/${USER}/credit-limit`]: () => ({ userId: USER, creditLimitCents: null, owedCents: 0, availableCents: 0 }),
    });
    renderWithApp(<CreditSection userId={USER} compact />);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Credit limit (CAD)'));
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ creditLimitCents: null }), SLOW);
    expect(await screen.findByText('No credit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Credit' })).toBeInTheDocument();
  });
});
