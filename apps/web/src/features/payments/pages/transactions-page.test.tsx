import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionOut } from '@meltway/shared/payments/transaction.schema';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { ORDER_ID, stubApi } from '@/test/dashboard-orders';
import TransactionsPage from './transactions-page';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('@/lib/save-file', () => ({ saveFile }));

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const SLOW = { timeout: 5000 };

const transaction = (patch: Partial<TransactionOut>): TransactionOut => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'payment',
  provider: 'test',
  providerRef: 'pi_test_1',
  amountCents: 106_352,
  orderId: ORDER_ID,
  orderNumber: 'MW-2025-000042',
  buyerName: 'Roy Gagnon',
  dealerName: null,
  created_at: '2025-06-03T14:00:00.000Z',
  ...patch,
});
const listOf = () => ({
  items: [transaction({}), transaction({ id: '00000000-0000-4000-8000-0000000000f2', kind: 'refund', providerRef: 're_test_1', amountCents: 2_000 })],
  total: 2,
});
const lastList = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.url.pathname === '/api/v1/transactions').at(-1)!.url.searchParams;

describe('Transactions', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    vi.clearAllMocks();
  });

  it('sorts by amount, kind and date from their header buttons, asking the server and marking the column', SLOW, async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({ 'GET /api/v1/transactions': listOf });
    const user = userEvent.setup();
    renderWithApp(<TransactionsPage />, { path: '/dashboard/transactions' });
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByText('re_test_1')).toBeInTheDocument();
    // Newest first by default: no sort asked.
    expect(lastList(calls).has('sort')).toBe(false);
    for (const unsorted of [/Order/, /Buyer/, /Provider/, /Reference/]) expect(within(table).queryByRole('button', { name: unsorted })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastList(calls).get('sort')).toBe('amount'));
    expect(lastList(calls).get('order')).toMatch(/^(asc|desc)$/);
    expect(within(table).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort');

    await user.click(within(table).getByRole('button', { name: /Kind/ }));
    await waitFor(() => expect(lastList(calls).get('sort')).toBe('kind'));
    expect(within(table).getByRole('columnheader', { name: /Kind/ })).toHaveAttribute('aria-sort');
    expect(within(table).getByRole('columnheader', { name: /Amount/ })).not.toHaveAttribute('aria-sort');

    await user.click(within(table).getByRole('button', { name: /Date/ }));
    await waitFor(() => expect(lastList(calls).get('sort')).toBe('created_at'));
  });

  it('takes the sort of its address to the list and the export, and leaves out one the API has not', SLOW, async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      'GET /api/v1/transactions': listOf,
      'GET /api/v1/transactions/export.csv': () => new Response('created_at,kind\r\n2025-06-03,refund', { headers: { 'Content-Type': 'text/csv' } }),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithApp(<TransactionsPage />, { path: '/dashboard/transactions?kind=refund&sort=amount&order=asc' });
    await screen.findByText('re_test_1');
    expect(Object.fromEntries(lastList(calls))).toEqual({ page: '1', pageSize: '10', kind: 'refund', sort: 'amount', order: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled(), SLOW);
    const exported = calls.find((c) => c.url.pathname === '/api/v1/transactions/export.csv')!;
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ kind: 'refund', sort: 'amount', order: 'asc' });
    unmount();

    // A column the API does not sort by (an old or typed address) asks for the default order, not a 400.
    renderWithApp(<TransactionsPage />, { path: '/dashboard/transactions?sort=buyer&order=asc' });
    await screen.findByText('re_test_1');
    expect(lastList(calls).has('sort')).toBe(false);
    expect(lastList(calls).has('order')).toBe(false);
  });
});
