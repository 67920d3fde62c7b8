import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { quebecOrder, stubApi, summaryOf } from '@/test/dashboard-orders';
import ContractorDetailsRoute from './contractor-details-route';

const CONTRACTOR = quebecOrder().buyer.id!;
const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const dealer = { id: '00000000-0000-4000-8000-0000000000d1', fullname: 'Northern Heat Supply', role: 'dealer' } as SessionUser;

const contractor = {
  id: CONTRACTOR,
  fullname: 'Chantal Roy',
  email: 'chantal@example.ca',
  role: 'contractor',
  status: 'approved',
  created_at: '2025-01-10T10:00:00.000Z',
  contractorData: null,
};

function api() {
  return stubApi({
    [`GET /api/v1/users/contractors/${CONTRACTOR}`]: () => contractor,
    'GET /api/v1/orders': () => ({ items: [summaryOf(quebecOrder())], total: 1 }),
    [`GET /api/v1/users/${CONTRACTOR}/credit`]: () => ({ userId: CONTRACTOR, creditLimitCents: 250_000, owedCents: 0, availableCents: 250_000 }),
  });
}

describe('Contractor details with its orders and credit', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("shows an admin the contractor's orders, asked by its id, and its credit", async () => {
    sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' });
    const calls = api();
    renderWithApp(<ContractorDetailsRoute />, { path: `/dashboard/customers/details?id=${CONTRACTOR}` });
    const orders = await screen.findByRole('table', { name: 'Orders' });
    expect(await within(orders).findByRole('link', { name: 'MW-2025-000042' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/v1/orders')!.url.searchParams.get('buyerId')).toBe(CONTRACTOR);
    expect(await screen.findByLabelText('Credit limit (CAD)')).toHaveValue('2500.00');
    expect(screen.getAllByText('$2,500.00')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save limit' })).toBeInTheDocument();
  });

  it('shows a dealer the orders but not the credit, which is for admins', async () => {
    sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' });
    const calls = api();
    renderWithApp(<ContractorDetailsRoute />, { path: `/dashboard/customers/details?id=${CONTRACTOR}` });
    expect(await screen.findByRole('link', { name: 'MW-2025-000042' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Credit' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/credit'))).toBe(false);
  });
});
