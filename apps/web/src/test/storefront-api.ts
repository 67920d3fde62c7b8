import { vi } from 'vitest';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { QuoteOut } from '@meltway/shared/cart-checkout/checkout.schema';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { cartStore } from '@/lib/cart-store';
import { sessionStore, type SessionUser } from '@/lib/session';

/** One request as the page sent it. */
export type SentRequest = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers };
type Handler = ((request: SentRequest) => unknown) | Response | object;

/**
 * Stands in for the API in unit tests: answers `"<METHOD> <path>"` from `routes` (a Response, or a value
 * sent as JSON) and records every request. Anything else is a 404, as the real server answers.
 */
export function stubApi(routes: Record<string, Handler>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
    };
    sent.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler) return Response.json({ message: 'Not found', code: 'common.notFound' }, { status: 404 });
    const answer: unknown = typeof handler === 'function' ? await (handler as (r: SentRequest) => unknown)(request) : handler;
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, to: (method: string, path: string) => sent.filter((r) => r.method === method && r.path === path) };
}

/** The demo customer, for a test that signs a buyer in. */
export const CUSTOMER = { id: '00000000-0000-4000-8000-00000000c001', fullname: 'Carl Customer', email: 'customer@demo.meltway.ca', role: 'customer' } as SessionUser;

/** What a storefront test leaves behind, cleared after each: the stubbed API, the session, the cart's count. */
export function resetStorefront() {
  vi.unstubAllGlobals();
  sessionStore.clear();
  sessionStorage.clear();
  cartStore.setServerCount(null);
}

export const PRODUCT_A = '00000000-0000-4000-8000-0000000000a1';
export const PRODUCT_B = '00000000-0000-4000-8000-0000000000b2';
export const ORDER_ID = '00000000-0000-4000-8000-00000000c0de';

export function cartOf(lines: { productId: string; quantity: number }[]): CartOut {
  const items = lines.map(({ productId, quantity }) => ({
    productId,
    quantity,
    status: 'available' as const,
    name: productId === PRODUCT_A ? 'Snowmelt Mat 0.6 × 1.5 m' : 'Cable 41 W/m, 20 m',
    nameFr: null,
    slug: productId === PRODUCT_A ? 'mat' : 'cable',
    sku: productId === PRODUCT_A ? 'MW-MAT' : 'MW-CBL',
    image: null,
    stock: 50,
    unitPrice: productId === PRODUCT_A ? 10_900 : 20_900,
    lineTotal: (productId === PRODUCT_A ? 10_900 : 20_900) * quantity,
  }));
  return {
    items,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: items.reduce((n, l) => n + l.lineTotal, 0),
    currency: 'CAD',
    canCheckout: true,
  };
}

/** A quote for one mat and two cables (52,700 cents) to `province`, as the server would price it. */
export function quoteFor(province: string, overrides: Partial<QuoteOut> = {}): QuoteOut {
  const taxes =
    province === 'QC'
      ? [
          { code: 'GST' as const, rate: 5, amountCents: 2760 },
          { code: 'QST' as const, rate: 9.975, amountCents: 5506 },
        ]
      : [{ code: 'GST' as const, rate: 5, amountCents: 2760 }];
  return {
    lines: [
      { productId: PRODUCT_A, sku: 'MW-MAT', name: 'Snowmelt Mat 0.6 × 1.5 m', nameFr: 'Tapis de déneigement 0,6 × 1,5 m', quantity: 1, unitPriceCents: 10_900, lineTotalCents: 10_900 },
      { productId: PRODUCT_B, sku: 'MW-CBL', name: 'Cable 41 W/m, 20 m', nameFr: null, quantity: 2, unitPriceCents: 20_900, lineTotalCents: 41_800 },
    ],
    subtotalCents: 52_700,
    discountCents: 0,
    shippingCents: 2500,
    taxes,
    totalCents: 55_200 + taxes.reduce((n, t) => n + t.amountCents, 0),
    messages: [],
    coupon: null,
    shippingMethodId: 'standard',
    shippingMethods: [
      { id: 'standard', priceCents: 2500 },
      { id: 'express', priceCents: 4900 },
      { id: 'pickup', priceCents: 0 },
    ],
    account: { allowed: false, availableCents: null },
    cardProvider: 'test',
    canPlace: true,
    ...overrides,
  };
}

export function orderOf(overrides: Partial<OrderOut> = {}): OrderOut {
  const quote = quoteFor('AB');
  return {
    id: ORDER_ID,
    number: 'MW-2026-000042',
    status: 'pending_payment',
    created_at: '2026-03-02T15:04:00.000Z',
    buyer: { id: null, name: 'Gail Guest', email: 'gail@example.com', role: null },
    dealer: null,
    phone: null,
    locale: 'en',
    paymentMethod: 'card',
    paymentProvider: 'test',
    shippingAddress: { fullname: 'Gail Guest', line1: '123 Main St', city: 'Calgary', province: 'AB', postalCode: 'T2P 1J9', country: 'CA' },
    shippingMethodId: 'standard',
    lines: quote.lines,
    subtotalCents: quote.subtotalCents,
    discountCents: 0,
    shippingCents: quote.shippingCents,
    taxes: quote.taxes,
    totalCents: quote.totalCents,
    refundedCents: 0,
    coupon: null,
    carrier: null,
    trackingNumber: null,
    paymentDueAt: null,
    settledAt: null,
    stockHeldUntil: '2026-03-02T15:34:00.000Z',
    timeline: [
      {
        id: '00000000-0000-4000-8000-0000000e0001',
        action: 'place',
        fromStatus: null,
        toStatus: 'pending_payment',
        actorRole: 'buyer',
        actorName: 'Gail Guest',
        note: null,
        amountCents: null,
        at: '2026-03-02T15:04:00.000Z',
      },
    ],
    actions: [],
    ...overrides,
  };
}
