import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { sessionStore, type SessionUser } from '@/lib/session';
import { renderWithApp } from '@/test/render';
import { ORDER_ID, quebecOrder, stubApi } from '@/test/dashboard-orders';
import OrderDetailPage from './order-detail-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

const admin = { id: '00000000-0000-4000-8000-000000000001', fullname: 'Ada Admin', role: 'admin' } as SessionUser;
const SLOW = { timeout: 5000 };
const open = (id = ORDER_ID) => renderWithApp(<OrderDetailPage />, { path: `/dashboard/order-management/${id}`, route: '/dashboard/order-management/:id' });

describe('Order detail (dashboard)', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStore.set({ user: admin, access_token: 'a', refresh_token: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    vi.clearAllMocks();
  });

  it('shows the status, each tax on its own line, the total and the timeline with actor and time', async () => {
    stubApi({ [`GET /api/v1/orders/${ORDER_ID}`]: () => quebecOrder() });
    open();
    expect(await screen.findByRole('heading', { name: 'Order MW-2025-000042' })).toBeInTheDocument();
    expect(screen.getByText('Paid', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(screen.getByText('GST (5%)')).toBeInTheDocument();
    expect(screen.getByText('QST (9.975%)')).toBeInTheDocument();
    expect(screen.getByText('$46.25')).toBeInTheDocument();
    expect(screen.getByText('$92.27')).toBeInTheDocument();
    expect(screen.getAllByText('$1,063.52').length).toBeGreaterThan(0);

    const timeline = screen.getByRole('list', { name: 'Timeline' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Order placed · Awaiting payment');
    expect(entries[0]).toHaveTextContent('by Chantal Roy (buyer)');
    expect(entries[1]).toHaveTextContent('Payment received');
    expect(entries[1]).toHaveTextContent('Awaiting payment → Paid');
    expect(entries[1]).toHaveTextContent('by the system');
    expect(within(entries[1]!).getByText(/2025/).tagName).toBe('TIME');
  });

  it('offers exactly the actions the order allows', async () => {
    stubApi({ [`GET /api/v1/orders/${ORDER_ID}`]: () => quebecOrder({ status: 'shipped', actions: ['deliver', 'refund'] }) });
    open();
    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    for (const name of ['Process', 'Ship', 'Settle', 'Cancel order']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
  });

  it('ships with a carrier and tracking number, then shows the order the server answered', async () => {
    const shipped: OrderOut = quebecOrder({
      status: 'shipped',
      carrier: 'Purolator',
      trackingNumber: 'PUR123456789',
      actions: ['deliver', 'refund'],
      timeline: [
        ...quebecOrder().timeline,
        { id: '00000000-0000-4000-8000-0000000000e3', action: 'ship', fromStatus: 'paid', toStatus: 'shipped', actorRole: 'admin', actorName: 'Ada Admin', note: 'Purolator PUR123456789', amountCents: null, at: '2025-06-04T09:00:00.000Z' },
      ],
    });
    const calls = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: () => quebecOrder(),
      [`POST /api/v1/orders/${ORDER_ID}/ship`]: () => shipped,
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order MW-2025-000042' });
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('Carrier is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Tracking number is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Carrier'), 'Purolator');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'PUR123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SLOW);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ carrier: 'Purolator', trackingNumber: 'PUR123456789' });
    expect(notify.success).toHaveBeenCalledWith('Order MW-2025-000042 is shipped.');
    expect(await screen.findByText('Shipped', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent('Purolator PUR123456789');
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
  });

  it('refunds in dollars, starting from what is left, and sends cents', async () => {
    const order = quebecOrder({ refundedCents: 6_352 });
    const calls = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: () => order,
      [`POST /api/v1/orders/${ORDER_ID}/refund`]: () => ({ ...order, refundedCents: 56_352 }),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('Amount (CAD)');
    expect(amount).toHaveValue('1000.00');

    await user.clear(amount);
    await user.type(amount, '1000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Refund between $0.01 and $1,000.00')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '500');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'One mat returned');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amountCents: 50_000, reason: 'One mat returned' }), SLOW);
  });

  it('cancels after a confirmation, the reason optional, and shows a refusal by its code', async () => {
    const calls = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: () => quebecOrder(),
      [`POST /api/v1/orders/${ORDER_ID}/cancel`]: () =>
        new Response(JSON.stringify({ message: 'This order cannot be cancelled now', code: 'commerce.orderActionNotAllowed', params: { action: 'cancelled' } }), { status: 409 }),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order MW-2025-000042?' });
    expect(dialog).toHaveTextContent('the card payment is refunded in full');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('This order cannot be cancelled now'), SLOW);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
  });

  it('says the order is not found for a 404 and for an address that is no order id', async () => {
    stubApi({});
    open();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/dashboard/order-management');
  });
});
