import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { sessionStore, type SessionUser } from '@/lib/session';
import { cartStore } from '@/lib/cart-store';
import { ATTEMPT_KEY } from '../api/checkout';
import { PLACED_KEY } from '../placed-order';
import { cartOf, ORDER_ID, orderOf, PRODUCT_A, PRODUCT_B, quoteFor, stubApi, type SentRequest } from '@/test/storefront-api';
import CheckoutPage from './checkout-page';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function ThankYouProbe() {
  const location = useLocation();
  return (
    <p>
      thank-you {location.search} {(location.state as { number?: string } | null)?.number}
    </p>
  );
}

function renderCheckout() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/thank-you', element: <ThankYouProbe /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

async function fillAlbertaAddress(user: ReturnType<typeof userEvent.setup>, postalCode = 't2p1j9') {
  await user.type(screen.getByLabelText('Full name'), 'Gail Guest');
  await user.type(screen.getByLabelText('Address'), '123 Main St');
  await user.type(screen.getByLabelText('City'), 'Calgary');
  await user.selectOptions(screen.getByLabelText('Province or territory'), 'AB');
  await user.type(screen.getByLabelText('Postal code'), postalCode);
}

const province = (r: SentRequest) => (r.body as { shippingAddress: { province: string } }).shippingAddress.province;

// Typing a whole address through user-event takes seconds on a busy machine.
describe('checkout as a guest', { timeout: 20_000 }, () => {
  beforeEach(() => {
    cartStore.setLines([
      { productId: PRODUCT_A, quantity: 1 },
      { productId: PRODUCT_B, quantity: 2 },
    ]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.clear();
    sessionStorage.clear();
  });

  it('says the cart is empty and links to the shop when there is nothing to buy', async () => {
    cartStore.clear();
    stubApi({ 'POST /api/v1/cart/price': cartOf([]) });
    renderCheckout();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/categories');
  });

  it('checks the postal code with the shared rule and asks for no price before the address is complete', async () => {
    const api = stubApi({ 'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }, { productId: PRODUCT_B, quantity: 2 }]) });
    const { user } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    await fillAlbertaAddress(user, 'D1A 1A1');
    await user.tab();
    expect(await screen.findByText('Enter a postal code like A1A 1A1')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    // The US has states and ZIP codes.
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    expect(screen.getByLabelText('State')).toHaveValue('');
    expect(screen.getByLabelText('ZIP code')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Pickup/ })).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 500));
    expect(api.to('POST', '/api/v1/checkout/quote')).toHaveLength(0);
  });

  it('says when the postal code is of another province than the one chosen, and asks for no price', async () => {
    const api = stubApi({ 'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }]) });
    const { user } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    // Toronto's code beside Alberta would be taxed as Alberta.
    await fillAlbertaAddress(user, 'M5V 2T6');
    await user.tab();
    expect(await screen.findByText('This postal code is not in the province chosen: check both')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    await new Promise((r) => setTimeout(r, 500));
    expect(api.to('POST', '/api/v1/checkout/quote')).toHaveLength(0);
  });

  it('prices the order on the server once the address is complete: GST alone to Alberta, and the test notice', async () => {
    const api = stubApi({
      'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }, { productId: PRODUCT_B, quantity: 2 }]),
      'POST /api/v1/checkout/quote': (r) => quoteFor(province(r)),
    });
    const { user } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    await fillAlbertaAddress(user);
    const review = screen.getByRole('region', { name: /Review/ });
    expect(await within(review).findByText('GST (5%)')).toBeInTheDocument();
    expect(within(review).queryByText(/QST/)).not.toBeInTheDocument();
    expect(within(review).getByText('$579.60')).toBeInTheDocument();
    expect(screen.getByText('Test payments: no card is charged and no money moves')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Standard.*\$25\.00/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pickup.*Free/ })).toBeInTheDocument();
    // Only a trade account the server allows sees "On account".
    expect(screen.queryByRole('radio', { name: /On account/ })).not.toBeInTheDocument();
    const quotes = api.to('POST', '/api/v1/checkout/quote');
    // The typing settled before the page asked: one quote per settled change, not one per key.
    expect(quotes.length).toBeLessThanOrEqual(2);
    expect(quotes.at(-1)?.body).toEqual({
      items: [
        { productId: PRODUCT_A, quantity: 1 },
        { productId: PRODUCT_B, quantity: 2 },
      ],
      shippingAddress: { fullname: 'Gail Guest', line1: '123 Main St', city: 'Calgary', province: 'AB', postalCode: 'T2P 1J9', country: 'CA' },
      shippingMethodId: 'standard',
      paymentMethod: 'card',
      // The page's language: the server names products and writes sums in it.
      locale: 'en',
    });
  });

  it('sends the coupon to the quote and shows why it does not apply, in place', async () => {
    const api = stubApi({
      'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }]),
      'POST /api/v1/checkout/quote': (r) =>
        (r.body as { couponCode?: string }).couponCode === 'WINTER10'
          ? quoteFor('AB', { coupon: { code: 'WINTER10', discountPercent: 10, categoryName: 'Mats', categoryNameFr: 'Tapis' }, discountCents: 5270 })
          : quoteFor('AB', {
              messages: (r.body as { couponCode?: string }).couponCode
                ? [{ code: 'commerce.couponExpired', message: 'This coupon has expired' }]
                : [],
            }),
    });
    const { user } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    await fillAlbertaAddress(user);
    await user.type(screen.getByLabelText('Coupon code'), 'OLD5{Enter}');
    expect(await screen.findByText('This coupon has expired')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Coupon code'));
    await user.type(screen.getByLabelText('Coupon code'), 'WINTER10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // What the coupon covers, where it is applied and on its line of the totals.
    expect(await screen.findByText('Coupon applied (WINTER10: 10% off Mats)')).toBeInTheDocument();
    expect(screen.getByText('WINTER10: 10% off Mats')).toBeInTheDocument();
    expect(api.to('POST', '/api/v1/checkout/quote').at(-1)?.body).toMatchObject({ couponCode: 'WINTER10' });
    // Enter in the coupon box applied the code; it placed no order.
    expect(api.to('POST', '/api/v1/orders')).toHaveLength(0);
  });

  it('places one order under one Idempotency-Key, pays with the test card, waits for "paid" and shows the thank-you page', async () => {
    let paid = false;
    const placed = { ...orderOf(), payment: { provider: 'test' as const, clientSecret: 'test_pi_1_secret_abc', publishableKey: null } };
    const api = stubApi({
      'POST /api/v1/cart/price': (r) => cartOf((r.body as { items: { productId: string; quantity: number }[] }).items),
      'POST /api/v1/checkout/quote': (r) => quoteFor(province(r)),
      'POST /api/v1/orders': placed,
      'POST /api/v1/payments/test/confirm': () => {
        paid = true;
        return { id: ORDER_ID, number: placed.number, status: 'pending_payment', totalCents: placed.totalCents };
      },
      'POST /api/v1/payments/status': () => ({ id: ORDER_ID, number: placed.number, status: paid ? 'paid' : 'pending_payment', totalCents: placed.totalCents }),
    });
    const { user, router } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    await user.type(screen.getByLabelText('Email'), 'Gail@Example.com');
    await fillAlbertaAddress(user);
    await screen.findByText('GST (5%)');
    await user.dblClick(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('button', { name: 'Pay $579.60 with the test card' })).toBeInTheDocument();
    const orders = api.to('POST', '/api/v1/orders');
    expect(orders).toHaveLength(1);
    expect(orders[0]!.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(orders[0]!.body).toMatchObject({ email: 'gail@example.com', locale: 'en', paymentMethod: 'card', items: [{ productId: PRODUCT_A, quantity: 1 }, { productId: PRODUCT_B, quantity: 2 }] });
    // The order is placed: the attempt's key is spent, the visitor's cart is empty, the order kept for a reload.
    expect(sessionStorage.getItem(ATTEMPT_KEY)).toBeNull();
    expect(cartStore.getLines()).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem(PLACED_KEY)!)).toMatchObject({ id: ORDER_ID, number: 'MW-2026-000042' });
    expect(screen.getByText('Test payments: no card is charged and no money moves')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $579.60 with the test card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'), { timeout: 4000 });
    expect(screen.getByText(`thank-you ?order=${ORDER_ID} MW-2026-000042`)).toBeInTheDocument();
    expect(api.to('POST', '/api/v1/payments/test/confirm')[0]!.body).toEqual({ orderId: ORDER_ID, clientSecret: 'test_pi_1_secret_abc' });
    expect(sessionStorage.getItem(PLACED_KEY)).toBeNull();
  });

  it('sends the same Idempotency-Key again when the first placement got no answer', async () => {
    let calls = 0;
    const api = stubApi({
      'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }]),
      'POST /api/v1/checkout/quote': (r) => quoteFor(province(r)),
      'POST /api/v1/orders': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return { ...orderOf(), payment: { provider: 'test', clientSecret: 's', publishableKey: null } };
      },
      'POST /api/v1/payments/status': { id: ORDER_ID, number: 'MW-2026-000042', status: 'pending_payment', totalCents: 1 },
    });
    const { user } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    await user.type(screen.getByLabelText('Email'), 'gail@example.com');
    await fillAlbertaAddress(user);
    await screen.findByText('GST (5%)');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Your order could not be placed. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('button', { name: /with the test card/ });
    const [first, second] = api.to('POST', '/api/v1/orders');
    expect(second!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it("puts the server's refusal of a field on that field, in the reader's language", async () => {
    stubApi({
      'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }]),
      'POST /api/v1/checkout/quote': (r) => quoteFor(province(r)),
      'POST /api/v1/orders': () =>
        Response.json(
          {
            message: 'Enter a valid phone number',
            code: 'commerce.phoneInvalid',
            issues: [{ path: 'phone', code: 'commerce.phoneInvalid', message: 'Enter a valid phone number' }],
          },
          { status: 400 },
        ),
    });
    const { user } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    await user.type(screen.getByLabelText('Email'), 'gail@example.com');
    await user.type(screen.getByLabelText('Phone (optional)'), '403 555 0100');
    await fillAlbertaAddress(user);
    await screen.findByText('GST (5%)');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks a visitor for an email before placing anything', async () => {
    const api = stubApi({
      'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }]),
      'POST /api/v1/checkout/quote': (r) => quoteFor(province(r)),
    });
    const { user } = renderCheckout();
    await screen.findByRole('heading', { name: 'Shipping address' });
    await fillAlbertaAddress(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(api.to('POST', '/api/v1/orders')).toHaveLength(0);
  });
});

describe('checkout signed in', { timeout: 20_000 }, () => {
  const dealer = { id: '00000000-0000-4000-8000-00000000d001', fullname: 'Dana Dealer', email: 'dealer@demo.meltway.ca', role: 'dealer' } as SessionUser;
  beforeEach(() => sessionStore.set({ user: dealer, access_token: 'a', refresh_token: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    sessionStorage.clear();
    cartStore.setServerCount(null);
  });

  it('shows who orders, read-only; offers On account with the credit left; places on account straight to the thank-you page', async () => {
    const api = stubApi({
      'GET /api/v1/cart': cartOf([{ productId: PRODUCT_A, quantity: 1 }]),
      'POST /api/v1/checkout/quote': (r) =>
        quoteFor(province(r), { account: { allowed: true, availableCents: 1_000_000 } }),
      'POST /api/v1/orders': { ...orderOf({ status: 'on_account', paymentMethod: 'account', paymentProvider: 'account' }), payment: null },
    });
    const { user, router } = renderCheckout();
    expect(await screen.findByLabelText('Email')).toHaveValue('dealer@demo.meltway.ca');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Full name')).toHaveValue('Dana Dealer');
    await user.type(screen.getByLabelText('Address'), '1 Rue Principale');
    await user.type(screen.getByLabelText('City'), 'Montréal');
    await user.selectOptions(screen.getByLabelText('Province or territory'), 'QC');
    await user.type(screen.getByLabelText('Postal code'), 'H2X 1Y4');
    expect(await screen.findByText('QST (9.975%)')).toBeInTheDocument();
    expect(screen.getByText('GST (5%)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /On account.*Available credit: \$10,000\.00/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    const [order] = api.to('POST', '/api/v1/orders');
    expect(order!.body).toMatchObject({ paymentMethod: 'account' });
    // A signed-in buyer's cart is the server's: no lines are sent, and no guest email.
    expect(order!.body).not.toHaveProperty('items');
    expect(order!.body).not.toHaveProperty('email');
  });

  it('offers the address of the last order and fills every field with it on request', async () => {
    const api = stubApi({
      'GET /api/v1/cart': cartOf([{ productId: PRODUCT_A, quantity: 1 }]),
      'GET /api/v1/orders': { items: [{ id: ORDER_ID }], total: 1 },
      [`GET /api/v1/orders/${ORDER_ID}`]: orderOf(),
      'POST /api/v1/checkout/quote': (r) => quoteFor(province(r)),
    });
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Use my saved address' }));
    expect(api.to('GET', '/api/v1/orders')[0]!.query.get('buyerId')).toBe(dealer.id);
    expect(screen.getByLabelText('Full name')).toHaveValue('Gail Guest');
    expect(screen.getByLabelText('Address')).toHaveValue('123 Main St');
    expect(screen.getByLabelText('City')).toHaveValue('Calgary');
    expect(screen.getByLabelText('Province or territory')).toHaveValue('AB');
    expect(screen.getByLabelText('Postal code')).toHaveValue('T2P 1J9');
    expect(await screen.findByText('GST (5%)')).toBeInTheDocument();
  });

  it('offers no saved address to a buyer who never ordered', async () => {
    const api = stubApi({
      'GET /api/v1/cart': cartOf([{ productId: PRODUCT_A, quantity: 1 }]),
      'GET /api/v1/orders': { items: [], total: 0 },
    });
    renderCheckout();
    expect(await screen.findByLabelText('Full name')).toHaveValue('Dana Dealer');
    await waitFor(() => expect(api.to('GET', '/api/v1/orders')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Use my saved address' })).not.toBeInTheDocument();
  });
});

describe('checkout as a guest, saved address', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.clear();
  });

  it('offers a guest no saved address and asks for no order', async () => {
    cartStore.setLines([{ productId: PRODUCT_A, quantity: 1 }]);
    const api = stubApi({ 'POST /api/v1/cart/price': cartOf([{ productId: PRODUCT_A, quantity: 1 }]) });
    renderCheckout();
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use my saved address' })).not.toBeInTheDocument();
    expect(api.to('GET', '/api/v1/orders')).toHaveLength(0);
  });
});
