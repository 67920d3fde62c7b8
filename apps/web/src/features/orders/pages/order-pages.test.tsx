import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { cartStore } from '@/lib/cart-store';
import { renderRoutes } from '@/test/render';
import { CUSTOMER, cartOf, ORDER_ID, orderOf, PRODUCT_A, PRODUCT_B, resetStorefront, stubApi } from '@/test/storefront-api';
import OrderPage from './order-page';
import OrdersPage from './orders-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

afterEach(resetStorefront);

describe('my orders', () => {
  beforeEach(() => sessionStore.set({ user: CUSTOMER, access_token: 'a', refresh_token: 'r' }));

  it("lists the buyer's own orders in the one DataTable, with status and total", async () => {
    const api = stubApi({
      'GET /api/v1/orders': {
        items: [
          {
            id: ORDER_ID,
            number: 'MW-2026-000042',
            status: 'shipped',
            created_at: '2026-03-02T15:04:00.000Z',
            buyerName: 'Carl Customer',
            buyerEmail: 'customer@demo.meltway.ca',
            buyerRole: 'customer',
            dealerName: null,
            itemCount: 3,
            paymentMethod: 'card',
            totalCents: 57_960,
            refundedCents: 0,
          },
        ],
        total: 1,
      },
    });
    renderRoutes('/orders', [{ path: '/orders', element: <OrdersPage /> }]);
    const table = await screen.findByRole('table', { name: 'My orders' });
    expect(await within(table).findByRole('link', { name: 'MW-2026-000042' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(within(table).getByText('Shipped')).toBeInTheDocument();
    expect(within(table).getByText('$579.60')).toBeInTheDocument();
    expect(api.to('GET', '/api/v1/orders')[0]!.query.get('buyerId')).toBe(CUSTOMER.id);
  });

  it('says so when there are none yet', async () => {
    stubApi({ 'GET /api/v1/orders': { items: [], total: 0 } });
    renderRoutes('/orders', [{ path: '/orders', element: <OrdersPage /> }]);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeInTheDocument();
  });
});

describe('an order', () => {
  beforeEach(() => sessionStore.set({ user: CUSTOMER, access_token: 'a', refresh_token: 'r' }));
  const routes = [
    { path: '/orders/:id', element: <OrderPage /> },
    { path: '/cart', element: <p>the cart</p> },
  ];

  it('shows its status, tracking, each tax on its own line and its timeline, with no cancel once shipped', async () => {
    stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: orderOf({
        status: 'shipped',
        carrier: 'Purolator',
        trackingNumber: '329014485672',
        taxes: [
          { code: 'GST', rate: 5, amountCents: 2760 },
          { code: 'QST', rate: 9.975, amountCents: 5506 },
        ],
        timeline: [
          { ...orderOf().timeline[0]! },
          {
            id: '00000000-0000-4000-8000-0000000e0002',
            action: 'ship',
            fromStatus: 'paid',
            toStatus: 'shipped',
            actorRole: 'admin',
            actorName: 'Ada Admin',
            note: 'Purolator 329014485672',
            amountCents: null,
            at: '2026-03-03T10:00:00.000Z',
          },
        ],
        actions: [],
      }),
    });
    renderRoutes(`/orders/${ORDER_ID}`, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order MW-2026-000042' })).toBeInTheDocument();
    expect(screen.getAllByText('Shipped').length).toBeGreaterThan(0);
    expect(screen.getByText('329014485672')).toBeInTheDocument();
    expect(screen.getByText('Shipped with Purolator, tracking number')).toBeInTheDocument();
    expect(screen.getByText('GST (5%)')).toBeInTheDocument();
    expect(screen.getByText('QST (9.975%)')).toBeInTheDocument();
    expect(screen.getByText('Order placed')).toBeInTheDocument();
    expect(screen.getByText(/by Ada Admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('cancels after asking, when the order says the buyer may', async () => {
    const api = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: orderOf({ actions: ['cancel'] }),
      [`POST /api/v1/orders/${ORDER_ID}/cancel`]: orderOf({ status: 'cancelled', actions: [] }),
    });
    const { user } = renderRoutes(`/orders/${ORDER_ID}`, routes);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order MW-2026-000042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(api.to('POST', `/api/v1/orders/${ORDER_ID}/cancel`)).toHaveLength(1));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('puts the same products back in the cart and goes there', async () => {
    const api = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: orderOf({ status: 'delivered' }),
      'POST /api/v1/cart/merge': cartOf([
        { productId: PRODUCT_A, quantity: 1 },
        { productId: PRODUCT_B, quantity: 2 },
      ]),
    });
    const { user, router } = renderRoutes(`/orders/${ORDER_ID}`, routes);
    await user.click(await screen.findByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(api.to('POST', '/api/v1/cart/merge')[0]!.body).toEqual({
      items: [
        { productId: PRODUCT_A, quantity: 1 },
        { productId: PRODUCT_B, quantity: 2 },
      ],
    });
    expect(cartStore.count()).toBe(3);
  });

  it('downloads the invoice through the API client, with the bearer token', async () => {
    const api = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: orderOf({ status: 'paid' }),
      [`GET /api/v1/orders/${ORDER_ID}/invoice.pdf`]: () => new Response(new Blob(['%PDF-1.4']), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRoutes(`/orders/${ORDER_ID}`, routes);
    await user.click(await screen.findByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = api.to('GET', `/api/v1/orders/${ORDER_ID}/invoice.pdf`);
    expect(request!.headers.get('Authorization')).toBe('Bearer a');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('MW-2026-000042.pdf');
    click.mockRestore();
  });

  it('says the order is not found for someone else’s order', async () => {
    stubApi({});
    renderRoutes(`/orders/${ORDER_ID}`, routes);
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });
});
