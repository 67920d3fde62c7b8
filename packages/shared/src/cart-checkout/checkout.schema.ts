import { z } from 'zod';
import { phoneNumber, secret, text } from '../common/fields.js';
import { LANGUAGES } from '../common/language.js';
import { CART_MAX_LINES, CartItemInput } from './cart.schema.js';
import { commerceMessages as m } from './messages.js';
import { COUNTRIES, normalisePostalCode, postalCodeInProvince, REGIONS_OF } from './regions.js';
import { SHIPPING_METHOD_IDS } from './shipping.js';
import { TAX_CODES } from './tax.js';

export const PAYMENT_METHODS = ['account', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where an order goes; `postalCode` comes out in its one written form ("H2X 1Y4", "10001"). */
export const ShippingAddress = z
  .object({
    fullname: text({ error: m.fullnameRequired }).min(1, m.fullnameRequired).max(120),
    line1: text({ error: m.line1Required }).min(1, m.line1Required).max(200),
    line2: text().max(200).optional(),
    city: text({ error: m.cityRequired }).min(1, m.cityRequired).max(100),
    province: text({ error: m.provinceInvalid }).toUpperCase(),
    postalCode: text({ error: m.postalCodeInvalid }).max(12),
    country: z.enum(COUNTRIES, { error: m.countryInvalid }),
  })
  .superRefine((a, ctx) => {
    if (!REGIONS_OF[a.country].includes(a.province)) ctx.addIssue({ code: 'custom', path: ['province'], message: m.provinceInvalid });
    if (normalisePostalCode(a.country, a.postalCode) === null) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: a.country === 'CA' ? m.postalCodeInvalid : m.zipInvalid });
    } else if (a.country === 'CA' && REGIONS_OF.CA.includes(a.province) && !postalCodeInProvince(a.postalCode, a.province)) {
      // Tax follows the province: one typed beside a code of another would charge the wrong tax.
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: m.postalCodeOtherProvince });
    }
  })
  .transform((a) => ({ ...a, postalCode: normalisePostalCode(a.country, a.postalCode)! }));
export type ShippingAddressInput = z.input<typeof ShippingAddress>;
export type ShippingAddress = z.output<typeof ShippingAddress>;

/** The address as stored and answered. */
export const ShippingAddressOut = z.object({
  fullname: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.enum(COUNTRIES),
});

export const COUPON_CODE_MAX = 40;

/**
 * POST /api/v1/checkout/quote. A signed-in buyer's cart is the server's; a guest sends `items`
 * (ignored for a signed-in buyer). Nothing about money is taken from the browser.
 */
export const QuoteInput = z.object({
  items: z.array(CartItemInput).max(CART_MAX_LINES, m.tooManyLines).optional(),
  shippingAddress: ShippingAddress,
  shippingMethodId: z.enum(SHIPPING_METHOD_IDS, { error: m.shippingMethodInvalid }).optional(),
  couponCode: text().max(COUPON_CODE_MAX, m.couponNotFound).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: m.paymentMethodInvalid }).optional(),
  /** The page's language: the messages' product and category names and sums are written in it. */
  locale: z.enum(LANGUAGES).default('en'),
});
export type QuoteInput = z.input<typeof QuoteInput>;

/** POST /api/v1/orders: the quote's body, plus a guest's email; header `Idempotency-Key` makes a retry place one order. */
export const PlaceOrderInput = QuoteInput.extend({
  email: text().max(254).pipe(z.email({ error: m.emailInvalid })).transform((s) => s.toLowerCase()).optional(),
  phone: phoneNumber({ required: m.phoneInvalid, digits: m.phoneInvalid, min: m.phoneInvalid }).optional(),
  // `locale` (the quote's) is also the language of the buyer's mails and invoice.
});
export type PlaceOrderInput = z.input<typeof PlaceOrderInput>;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The headers POST /api/v1/orders reads; the others pass through untouched. */
export const PlaceOrderHeaders = z.looseObject({
  'idempotency-key': secret().regex(IDEMPOTENCY_KEY, m.idempotencyKeyInvalid).optional(),
});

export const OrderLineOut = z.object({
  productId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  /** The French name; null where the product has none (the English one serves). */
  nameFr: z.string().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
});
export type OrderLineOut = z.infer<typeof OrderLineOut>;

export const TaxLineOut = z.object({
  code: z.enum(TAX_CODES),
  /** Percent, e.g. 9.975. */
  rate: z.number(),
  amountCents: z.number().int(),
});

/**
 * The coupon of a quote or an order and what it covers: its code, its percent off, and the category it is
 * limited to (both names; the French one null where the category has none), null for the whole order.
 * An order answers the terms it was placed with, whatever the coupon became since.
 */
export const CouponTermsOut = z.object({
  code: z.string(),
  discountPercent: z.number().int(),
  categoryName: z.string().nullable(),
  categoryNameFr: z.string().nullable(),
});
export type CouponTermsOut = z.infer<typeof CouponTermsOut>;

/** A message of the quote: `code` is a message code (`commerce.couponExpired`), `params` fill its placeholders. */
export const QuoteMessage = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type QuoteMessage = z.infer<typeof QuoteMessage>;

export const QuoteOut = z.object({
  lines: z.array(OrderLineOut),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  shippingCents: z.number().int(),
  taxes: z.array(TaxLineOut),
  totalCents: z.number().int(),
  /** Why a coupon, a line or a payment method does not apply; the quote still prices what does. */
  messages: z.array(QuoteMessage),
  /** The coupon that applies, null when none (or the code sent does not apply: see `messages`). */
  coupon: CouponTermsOut.nullable(),
  shippingMethodId: z.enum(SHIPPING_METHOD_IDS),
  /** The shipping methods this address can use, with their price for this order. */
  shippingMethods: z.array(z.object({ id: z.enum(SHIPPING_METHOD_IDS), priceCents: z.number().int() })),
  /** Whether the buyer may pay on account, and the credit left (cents) when so. */
  account: z.object({ allowed: z.boolean(), availableCents: z.number().int().nullable() }),
  /** Which card provider takes card payments: Stripe when set up, otherwise the labelled test provider. */
  cardProvider: z.enum(['stripe', 'test']),
  /** False while the order cannot be placed as asked: a line, the coupon, the shipping method or paying on account (see `messages`). */
  canPlace: z.boolean(),
});
export type QuoteOut = z.infer<typeof QuoteOut>;
