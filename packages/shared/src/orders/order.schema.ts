import { z } from 'zod';
import { int, secret, text } from '../common/fields.js';
import { LANGUAGES } from '../common/language.js';
import { newestFirstUnlessSorted, PageQuery, searchText } from '../common/paging.js';
import { CouponTermsOut, OrderLineOut, PAYMENT_METHODS, ShippingAddressOut, TaxLineOut } from '../cart-checkout/checkout.schema.js';
import { commerceMessages as m } from '../cart-checkout/messages.js';
import { ORDER_ACTIONS, ORDER_ACTORS, ORDER_STATUSES } from './order-states.js';
import { SHIPPING_METHOD_IDS } from '../cart-checkout/shipping.js';

/** Human order numbers: MW-<year of placement>-<six digits from a database sequence>. */
export const ORDER_NUMBER = /^MW-\d{4}-\d{6,}$/;
export const formatOrderNumber = (year: number, n: number) => `MW-${year}-${String(n).padStart(6, '0')}`;

export const OrderParams = z.object({ id: z.uuid({ error: m.orderNotFound }) });

export const OrderEventOut = z.object({
  id: z.uuid(),
  action: z.enum(ORDER_ACTIONS),
  fromStatus: z.enum(ORDER_STATUSES).nullable(),
  toStatus: z.enum(ORDER_STATUSES),
  actorRole: z.enum(ORDER_ACTORS),
  /** Null for the system, or a person since deleted. */
  actorName: z.string().nullable(),
  /** Carrier and tracking number of a shipment, amount of a refund or settlement, reason of a cancellation. */
  note: z.string().nullable(),
  /** A note the system wrote (a hold that expired, a failed payment) has its message code, so the page shows it in the reader's language. */
  noteCode: z.string().optional(),
  amountCents: z.number().int().nullable(),
  at: z.string(),
});
export type OrderEventOut = z.infer<typeof OrderEventOut>;

/** GET /api/v1/orders/:id, and the answer of every change. Money in integer cents, CAD. */
export const OrderOut = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  buyer: z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string(), role: z.string().nullable() }),
  dealer: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  phone: z.string().nullable(),
  locale: z.enum(LANGUAGES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** account, test or stripe. */
  paymentProvider: z.string(),
  shippingAddress: ShippingAddressOut,
  shippingMethodId: z.enum(SHIPPING_METHOD_IDS),
  lines: z.array(OrderLineOut),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  shippingCents: z.number().int(),
  taxes: z.array(TaxLineOut),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  coupon: CouponTermsOut.nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** On account: when the invoice is due, and when it was settled. */
  paymentDueAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** An unpaid card order: when its stock goes back. */
  stockHeldUntil: z.string().nullable(),
  timeline: z.array(OrderEventOut),
  /** What the reader may do now (ORDER_TRANSITIONS for the reader's part in this order). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type OrderOut = z.infer<typeof OrderOut>;

/** POST /api/v1/orders answers the order, and for a card order what the page needs to take the payment. */
export const PlacedOrderOut = OrderOut.extend({
  payment: z
    .object({
      provider: z.enum(['stripe', 'test']),
      /** Stripe's PaymentIntent client secret (Stripe only). */
      clientSecret: z.string().nullable(),
      publishableKey: z.string().nullable(),
    })
    .nullable(),
});
export type PlacedOrderOut = z.infer<typeof PlacedOrderOut>;

export const OrderSummaryOut = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerRole: z.string().nullable(),
  dealerName: z.string().nullable(),
  itemCount: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type OrderSummaryOut = z.infer<typeof OrderSummaryOut>;

const isoDate = z.iso.date({ error: m.taxDateInvalid });

/** The columns the order list sorts by (the table's column ids). */
export const ORDER_SORTS = ['created_at', 'total', 'status'] as const;

/**
 * GET /api/v1/orders: paged, newest first, scoped to who asks (admins all; a dealer its own and its
 * contractors'; anyone else their own). `buyer` searches name and email, `q` the order number.
 */
export const OrderListQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  buyer: text().max(120).optional(),
  buyerId: z.uuid().optional(),
  dealerId: z.uuid().optional(),
  q: searchText(),
  /** Sorted by date, total or status, then by id so equal keys keep one order; none: newest first. */
  ...newestFirstUnlessSorted(ORDER_SORTS),
});
export type OrderListQuery = z.input<typeof OrderListQuery>;
/** GET /api/v1/orders/export.csv: the list's filters; the export holds the whole filtered list. */
export const OrderExportQuery = OrderListQuery.omit({ page: true, pageSize: true });
export type OrderExportQuery = z.input<typeof OrderExportQuery>;

/** POST /api/v1/orders/:id/ship */
export const ShipInput = z.object({
  carrier: text({ error: m.carrierRequired }).min(1, m.carrierRequired).max(60),
  trackingNumber: text({ error: m.trackingRequired }).min(1, m.trackingRequired).max(60),
});
/** POST /api/v1/orders/:id/refund: the whole remaining amount when `amountCents` is left out. */
export const RefundInput = z.object({
  amountCents: int({ min: 1, message: m.refundAmountInvalid }).optional(),
  reason: text().max(500).optional(),
});
/** POST /api/v1/orders/:id/cancel */
export const CancelInput = z.object({ reason: text().max(500).optional() });
/** PUT /api/v1/users/:id/credit-limit (admins): null removes the account's credit. */
export const CreditLimitInput = z.object({ creditLimitCents: int({ message: m.creditLimitInvalid }).nullable() });

/** GET /api/v1/orders/view/:token: the signed link of an order mail. */
export const OrderLinkParams = z.object({ token: secret({ error: m.orderLinkInvalid }).max(200, m.orderLinkInvalid) });
/** POST /api/v1/orders/lookup: the order number and the email it was placed with; the link is mailed to that email. */
export const OrderLookupInput = z.object({
  number: text({ error: m.orderNumberInvalid })
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(ORDER_NUMBER, m.orderNumberInvalid)),
  email: text({ error: m.emailRequired }).min(1, m.emailRequired).max(254, m.emailInvalid).pipe(z.email({ error: m.emailInvalid })).transform((s) => s.toLowerCase()),
});
export type OrderLookupInput = z.input<typeof OrderLookupInput>;
