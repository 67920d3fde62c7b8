import { vi } from 'vitest';
import type { OrderOut, OrderSummaryOut } from '@meltway/shared/orders/order.schema';

export const ORDER_ID = '00000000-0000-4000-8000-0000000000aa';

/** An order paid by card to Quebec: GST and QST lines, one shipment step away. */
export function quebecOrder(patch: Partial<OrderOut> = {}): OrderOut {
  return {
    id: ORDER_ID,
    number: 'MW-2025-000042',
    status: 'paid',
    created_at: '2025-06-03T14:30:00.000Z',
    buyer: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Chantal Roy', email: 'chantal@example.ca', role: 'contractor' },
    dealer: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Northern Heat Supply' },
    phone: '514 555 0100',
    locale: 'fr',
    paymentMethod: 'card',
    paymentProvider: 'test',
    shippingAddress: { fullname: 'Chantal Roy', line1: '500 Avenue des Pins', city: 'Montréal', province: 'QC', postalCode: 'H2W 1S6', country: 'CA' },
    shippingMethodId: 'standard',
    lines: [
      { productId: '00000000-0000-4000-8000-0000000000c1', sku: 'MAT-060-240', name: 'Driveway mat 0.6 × 10 m', nameFr: 'Tapis d’entrée 0,6 × 10 m', quantity: 2, unitPriceCents: 45_000, lineTotalCents: 90_000 },
    ],
    subtotalCents: 90_000,
    discountCents: 0,
    shippingCents: 2_500,
    taxes: [
      { code: 'GST', rate: 5, amountCents: 4_625 },
      { code: 'QST', rate: 9.975, amountCents: 9_227 },
    ],
    totalCents: 106_352,
    refundedCents: 0,
    coupon: null,
    carrier: null,
    trackingNumber: null,
    paymentDueAt: null,
    settledAt: null,
    stockHeldUntil: null,
    timeline: [
      { id: '00000000-0000-4000-8000-0000000000e1', action: 'place', fromStatus: null, toStatus: 'pending_payment', actorRole: 'buyer', actorName: 'Chantal Roy', note: null, amountCents: null, at: '2025-06-03T14:30:00.000Z' },
      { id: '00000000-0000-4000-8000-0000000000e2', action: 'pay', fromStatus: 'pending_payment', toStatus: 'paid', actorRole: 'system', actorName: null, note: null, amountCents: 106_352, at: '2025-06-03T14:31:00.000Z' },
    ],
    actions: ['process', 'ship', 'cancel', 'refund'],
    ...patch,
  };
}

export const summaryOf = (o: OrderOut): OrderSummaryOut => ({
  id: o.id,
  number: o.number,
  status: o.status,
  created_at: o.created_at,
  buyerName: o.buyer.name,
  buyerEmail: o.buyer.email,
  buyerRole: o.buyer.role,
  dealerName: o.dealer?.name ?? null,
  itemCount: o.lines.reduce((n, l) => n + l.quantity, 0),
  paymentMethod: o.paymentMethod,
  totalCents: o.totalCents,
  refundedCents: o.refundedCents,
});

export type Call = { method: string; url: URL; body: unknown };

/**
 * Stands in for the network under the real api client: each request is recorded and answered by the
 * first handler whose `METHOD /path` matches.
 */
export function stubApi(handlers: Record<string, (call: Call) => Response | unknown>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ message: 'Not found', code: 'common.notFound' }), { status: 404 });
    const answer = handler(call);
    return answer instanceof Response ? answer : new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
