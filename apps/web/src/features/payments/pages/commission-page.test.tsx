import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { ORDER_ID, stubApi } from '@/test/dashboard-orders';
import CommissionPage, { currentMonth } from './commission-page';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('@/lib/save-file', () => ({ saveFile }));

const dealer = { id: '00000000-0000-4000-8000-0000000000d1', fullname: 'Northern Heat Supply', role: 'dealer' } as SessionUser;
const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const SLOW = { timeout: 5000 };

const ledger = {
  items: [
    { id: '00000000-0000-4000-8000-0000000000f1', kind: 'accrual', orderId: ORDER_ID, orderNumber: 'MW-2025-000042', contractorName: 'Chantal Roy', baseCents: 90_000, percent: 10, amountCents: 9_000, created_at: '2025-06-03T14:31:00.000Z' },
    { id: '00000000-0000-4000-8000-0000000000f2', kind: 'reversal', orderId: ORDER_ID, orderNumber: 'MW-2025-000042', contractorName: 'Chantal Roy', baseCents: -45_000, percent: 10, amountCents: -4_500, created_at: '2025-06-10T10:00:00.000Z' },
  ],
  total: 2,
  balanceCents: 4_500,
  dealer: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Northern Heat Supply', percent: 12 },
};

describe('Commission', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    vi.clearAllMocks();
  });

  it("shows a dealer its own ledger for the month, its balance, and downloads the month's statement", async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      [`GET /api/v1/dealers/${dealer.id}/commission`]: () => ledger,
      [`GET /api/v1/dealers/${dealer.id}/commission/statement.pdf`]: () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderWithApp(<CommissionPage />, { path: '/dashboard/commission?month=2025-06' });
    const table = await screen.findByRole('table', { name: 'Commission ledger' });
    expect(await within(table).findByText('−$45.00')).toBeInTheDocument();
    expect(within(table).getByText('Earned')).toBeInTheDocument();
    expect(within(table).getByText('Reversed')).toBeInTheDocument();
    expect(screen.getByText('Commission for June 2025')).toBeInTheDocument();
    expect(screen.getAllByText('$45.00').length).toBeGreaterThan(0);
    expect(calls.every((c) => !c.url.pathname.startsWith('/api/v1/dealers/') || c.url.searchParams.get('month') === '2025-06')).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Dealer' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled(), SLOW);
    expect(saveFile.mock.calls[0]![1]).toBe('commission-statement-2025-06.pdf');
    const statement = calls.find((c) => c.url.pathname.endsWith('/statement.pdf'))!.url.searchParams;
    expect(Object.fromEntries(statement)).toEqual({ month: '2025-06', locale: 'en' });
    expect(screen.getByText('2 entries · rate today 12%')).toBeInTheDocument();
  });

  it('starts on this month', async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({ [`GET /api/v1/dealers/${dealer.id}/commission`]: () => ({ items: [], total: 0, balanceCents: 0, dealer: ledger.dealer }) });
    renderWithApp(<CommissionPage />, { path: '/dashboard/commission' });
    expect(await screen.findByText("No commission this month. It is earned when a contractor's order is paid.")).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue(currentMonth());
    expect(calls[0]!.url.searchParams.get('month')).toBe(currentMonth());
  });

  it('asks an admin to choose a dealer first', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({ 'GET /api/v1/users/dealer': () => ({ items: [{ id: dealer.id, fullname: dealer.fullname, status: 'approved' }] }) });
    renderWithApp(<CommissionPage />, { path: '/dashboard/commission' });
    expect(await screen.findByText('Choose a dealer above to see its commission ledger.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Dealer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download statement' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.includes('/commission'))).toBe(false);
  });
});
