import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { quebecOrder, stubApi, summaryOf } from '@/test/dashboard-orders';
import OrderManagementPage from './order-management-page';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('@/lib/save-file', () => ({ saveFile }));

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const dealer = { id: '00000000-0000-4000-8000-0000000000d1', fullname: 'Northern Heat Supply', role: 'dealer' } as SessionUser;
const DEALER_2 = '00000000-0000-4000-8000-0000000000d2';
const SLOW = { timeout: 5000 };

const listOf = () => ({ items: [summaryOf(quebecOrder()), summaryOf(quebecOrder({ id: '00000000-0000-4000-8000-0000000000ab', number: 'MW-2025-000043', status: 'shipped', refundedCents: 1000 }))], total: 2 });

describe('Order Management', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    vi.clearAllMocks();
  });

  it('lists orders with their status and total, and asks the server with the filters of the address', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      'GET /api/v1/orders': listOf,
      'GET /api/v1/users/dealer': () => ({ items: [{ id: DEALER_2, fullname: 'Prairie Snowmelt Co.', status: 'approved' }] }),
    });
    renderWithApp(<OrderManagementPage />, { path: `/dashboard/order-management?status=shipped&from=2025-06-01&to=2025-06-30&buyer=roy&dealerId=${DEALER_2}&q=MW-2025` });

    const table = await screen.findByRole('table', { name: 'Order Management' });
    expect(await within(table).findByRole('link', { name: 'MW-2025-000042' })).toHaveAttribute('href', `/dashboard/order-management/${quebecOrder().id}`);
    expect(within(table).getByText('$10.00 refunded')).toBeInTheDocument();
    expect(within(table).getAllByText('$1,063.52')).toHaveLength(2);
    const query = calls.find((c) => c.url.pathname === '/api/v1/orders')!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      pageSize: '10',
      q: 'MW-2025',
      status: 'shipped',
      from: '2025-06-01',
      to: '2025-06-30',
      buyer: 'roy',
      dealerId: DEALER_2,
    });
    expect(screen.getByLabelText('From')).toHaveValue('2025-06-01');
    expect(screen.getByLabelText('Buyer name or email')).toHaveValue('roy');
  });

  it('keeps the number, status and total on a phone and hides every other column under md', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    stubApi({ 'GET /api/v1/orders': listOf, 'GET /api/v1/users/dealer': () => ({ items: [] }) });
    renderWithApp(<OrderManagementPage />, { path: '/dashboard/order-management' });

    const table = await screen.findByRole('table', { name: 'Order Management' });
    await within(table).findByRole('link', { name: 'MW-2025-000042' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    for (const kept of ['Order', 'Status', 'Total']) expect(header(kept).className).not.toMatch(/(^|\s)hidden(\s|$)/);
    for (const hidden of ['Date', 'Buyer', 'Dealer', 'Items', 'Payment']) expect(header(hidden).className).toMatch(/(^|\s)hidden(\s|$)/);
    expect(header('Date').className).toContain('md:table-cell');
    expect(header('Buyer').className).toContain('md:table-cell');
  });

  it('sorts by total from its header button, asking the server and marking the column', SLOW, async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({ 'GET /api/v1/orders': listOf, 'GET /api/v1/users/dealer': () => ({ items: [] }) });
    const user = userEvent.setup();
    renderWithApp(<OrderManagementPage />, { path: '/dashboard/order-management' });
    const table = await screen.findByRole('table', { name: 'Order Management' });
    await within(table).findByRole('link', { name: 'MW-2025-000042' });
    expect(within(table).queryByRole('button', { name: /Buyer/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('sort') === 'total')).toBe(true));
    const sorted = calls.filter((c) => c.url.searchParams.get('sort') === 'total').at(-1)!.url.searchParams;
    expect(sorted.get('order')).toMatch(/^(asc|desc)$/);
    expect(within(table).getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort');
  });

  it('exports every order the filters match through the API, not the page on screen', async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({
      'GET /api/v1/orders': listOf,
      'GET /api/v1/users/dealer': () => ({ items: [] }),
      'GET /api/v1/orders/export.csv': () => new Response('number,date\r\nMW-2025-000042,2025-06-03', { headers: { 'Content-Type': 'text/csv' } }),
    });
    renderWithApp(<OrderManagementPage />, { path: '/dashboard/order-management?status=paid&q=42' });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'MW-2025-000042' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalled(), SLOW);
    const exported = calls.find((c) => c.url.pathname === '/api/v1/orders/export.csv')!;
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({ status: 'paid', q: '42' });
    expect(saveFile.mock.calls[0]![1]).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await (saveFile.mock.calls[0]![0] as Blob).text()).toContain('MW-2025-000042');
  });

  it('gives a dealer its own list without the dealer filter and column', async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    const calls = stubApi({ 'GET /api/v1/orders': listOf });
    renderWithApp(<OrderManagementPage />, { path: `/dashboard/order-management?dealerId=${DEALER_2}` });
    await screen.findByRole('link', { name: 'MW-2025-000042' });
    expect(screen.queryByRole('combobox', { name: 'Dealer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Dealer' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/v1/users/dealer')).toBe(false);
    expect(calls.find((c) => c.url.pathname === '/api/v1/orders')!.url.searchParams.has('dealerId')).toBe(false);
  });
});
