import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { sessionStore } from '@/lib/session';
import { completeOrder } from '../placed-order';
import { renderRoutes } from '@/test/render';
import { CUSTOMER, ORDER_ID, orderOf, resetStorefront, stubApi } from '@/test/storefront-api';
import CheckoutResumePage from './checkout-resume-page';
import ThankYouPage from './thank-you-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify }));

afterEach(resetStorefront);

describe('thank-you page', () => {
  it('shows the number the checkout passed on, and a visitor is sent back to the shop', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderRoutes(`/thank-you?order=${ORDER_ID}`, [{ path: '/thank-you', element: <ThankYouPage /> }], { number: 'MW-2026-000042' });
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByText('MW-2026-000042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/categories');
    expect(screen.queryByRole('link', { name: 'View your order' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps the number across a reload from the tab's record of the order", () => {
    completeOrder({ id: ORDER_ID, number: 'MW-2026-000077' });
    renderRoutes(`/thank-you?order=${ORDER_ID}`, [{ path: '/thank-you', element: <ThankYouPage /> }]);
    expect(screen.getByText('MW-2026-000077')).toBeInTheDocument();
  });

  it('asks the server for a signed-in buyer, and links to the order', async () => {
    sessionStore.set({ user: CUSTOMER, access_token: 'a', refresh_token: 'r' });
    stubApi({ [`GET /api/v1/orders/${ORDER_ID}`]: orderOf({ number: 'MW-2026-000099' }) });
    renderRoutes(`/thank-you?order=${ORDER_ID}`, [{ path: '/thank-you', element: <ThankYouPage /> }]);
    expect(await screen.findByText('MW-2026-000099')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your order' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
  });

  it('never makes a number up: without one, it says where to find it', () => {
    renderRoutes('/thank-you', [{ path: '/thank-you', element: <ThankYouPage /> }]);
    expect(screen.getByText('Your order number is in the confirmation email.')).toBeInTheDocument();
    expect(screen.queryByText(/MW-\d{4}-/)).not.toBeInTheDocument();
  });
});

describe('paying an unpaid card order again', () => {
  beforeEach(() => sessionStore.set({ user: CUSTOMER, access_token: 'a', refresh_token: 'r' }));
  const routes = [
    { path: '/checkout/:id', element: <CheckoutResumePage /> },
    { path: '/thank-you', element: <p>thank-you</p> },
  ];

  it('asks for a fresh payment, takes it with the test card and goes to the thank-you page', async () => {
    let paid = false;
    const api = stubApi({
      [`GET /api/v1/orders/${ORDER_ID}`]: orderOf({ actions: ['cancel'] }),
      [`POST /api/v1/orders/${ORDER_ID}/payment`]: { ...orderOf(), payment: { provider: 'test', clientSecret: 'fresh_secret', publishableKey: null } },
      'POST /api/v1/payments/test/confirm': () => {
        paid = true;
        return { id: ORDER_ID, number: 'MW-2026-000042', status: 'paid', totalCents: 57_960 };
      },
      'POST /api/v1/payments/status': () => ({ id: ORDER_ID, number: 'MW-2026-000042', status: paid ? 'paid' : 'pending_payment', totalCents: 57_960 }),
    });
    const { user, router } = renderRoutes(`/checkout/${ORDER_ID}`, routes);
    expect(await screen.findByText(/^Products held until Mar 2, 2026/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $579.60 with the test card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'), { timeout: 4000 });
    expect(api.to('POST', '/api/v1/payments/test/confirm')[0]!.body).toEqual({ orderId: ORDER_ID, clientSecret: 'fresh_secret' });
    expect(router.state.location.state).toEqual({ number: 'MW-2026-000042' });
  });

  it('says an order that is not waiting for a card payment cannot be paid here', async () => {
    stubApi({ [`GET /api/v1/orders/${ORDER_ID}`]: orderOf({ status: 'paid' }) });
    renderRoutes(`/checkout/${ORDER_ID}`, routes);
    expect(await screen.findByText('This order is not waiting for a card payment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});
