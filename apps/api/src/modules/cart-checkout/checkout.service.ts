import type { CouponTermsOut, OrderLineOut, QuoteInput, QuoteMessage, QuoteOut, ShippingAddress } from '@meltway/shared/cart-checkout/checkout.schema';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { DEFAULT_SHIPPING_METHOD, SHIPPING_METHODS, shippingPrice, type ShippingMethodId } from '@meltway/shared/cart-checkout/shipping';
import { percentOf, taxLines, type TaxLine, type TaxRate } from '@meltway/shared/cart-checkout/tax';
import { INT_MAX } from '@meltway/shared/common/fields';
import { localizedText } from '@meltway/shared/common/localized';
import { codeOf, formatMessage, type MessageParams } from '@meltway/shared/common/message-codes';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/ctx.js';
import { money } from '../../lib/documents/formats.js';
import { taxDay } from '../../lib/eastern-time.js';
import { productsForPricing, type PricedProduct } from '../catalogue/products.service.js';
import * as cartRepo from './cart.repo.js';
import * as repo from './checkout.repo.js';
import { CREDIT_ROLES, creditOf } from '../payments/credit.service.js';
import { ratesFor } from './tax-rates.service.js';
import type { Language } from '@meltway/shared/common/language';

export type Item = { productId: string; quantity: number };
/** A line as an order keeps it, with the category a coupon may be restricted to. */
type CheckoutLine = OrderLineOut & { categoryId: string };
/** Why something cannot be had as asked: a shared message and the values of its placeholders. */
type Problem = { message: string; params?: MessageParams };
export type CheckoutInput = z.output<typeof QuoteInput>;

/** Adds up the quantities of lines that name the same product, in the order they first appear. */
function combineItems(items: readonly Item[]): Item[] {
  const sums = new Map<string, number>();
  for (const i of items) sums.set(i.productId, (sums.get(i.productId) ?? 0) + i.quantity);
  return [...sums].filter(([, q]) => q > 0).map(([productId, quantity]) => ({ productId, quantity }));
}

/** What a checkout prices: the signed-in buyer's server cart, or the guest's `items`. */
export async function checkoutItems(ctx: Ctx, input: Pick<CheckoutInput, 'items'>): Promise<Item[]> {
  if (!ctx.user) return combineItems(input.items ?? []);
  const cart = await cartRepo.findCart(ctx.db, ctx.user.id);
  return cart ? combineItems(await cartRepo.cartLines(ctx.db, cart.id)) : [];
}

/** The signed-in buyer's row (role, status, phone, dealer and its commission), or null for a guest. */
export const buyerOf = async (ctx: Ctx) => (ctx.user ? ((await repo.findBuyer(ctx.db, ctx.user.id)) ?? null) : null);

/** Catalogue and tax rates a checkout needs, read outside any transaction. */
export async function checkoutFacts(ctx: Ctx, items: Item[], address: ShippingAddress) {
  const [products, rates] = await Promise.all([
    productsForPricing(ctx, items.map((i) => i.productId), { images: false }),
    ratesFor(ctx, address.country, address.province, taxDay(ctx.now)),
  ]);
  return { products, rates };
}

/**
 * Why a coupon does not apply to this order, or null when it does. `uses` is the buyer's orders with it
 * so far (null when the buyer is not known yet: a guest's quote has no email).
 */
function couponProblem(
  coupon: repo.CouponRow | null,
  o: { now: Date; subtotalCents: number; lines: readonly CheckoutLine[]; uses: number | null; locale: Language },
): Problem | null {
  if (!coupon) return { message: m.couponNotFound };
  if (coupon.startsAt && coupon.startsAt > o.now) return { message: m.couponNotStarted };
  if (coupon.endsAt && coupon.endsAt <= o.now) return { message: m.couponExpired };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return { message: m.couponUsedUp };
  if (coupon.perCustomerLimit !== null && o.uses !== null && o.uses >= coupon.perCustomerLimit) return { message: m.couponCustomerLimit };
  if (coupon.minSubtotalCents !== null && o.subtotalCents < coupon.minSubtotalCents) {
    return { message: m.couponMinimum, params: { minimum: money(coupon.minSubtotalCents, o.locale) } };
  }
  if (coupon.categoryId !== null && !o.lines.some((l) => l.categoryId === coupon.categoryId)) {
    return { message: m.couponCategory, params: { category: localizedText(coupon.categoryName ?? '', coupon.categoryNameFr, o.locale) } };
  }
  return null;
}

export type PricingArgs = {
  items: readonly Item[];
  products: ReadonlyMap<string, PricedProduct>;
  /** The coupon the code names; null: the code names none; undefined: no code was sent. */
  coupon: repo.CouponRow | null | undefined;
  couponUses: number | null;
  address: ShippingAddress;
  shippingMethodId: ShippingMethodId | undefined;
  rates: readonly TaxRate[];
  now: Date;
  locale: Language;
};

export type Pricing = {
  lines: CheckoutLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxes: TaxLine[];
  totalCents: number;
  /** The coupon that applies, or null. */
  coupon: repo.CouponRow | null;
  lineProblems: Problem[];
  couponProblem: Problem | null;
  shippingProblem: Problem | null;
  /** The total passes what an order can hold (integer cents). */
  tooLarge: boolean;
  shippingMethodId: ShippingMethodId;
  shippingMethods: { id: ShippingMethodId; priceCents: number }[];
};

/**
 * THE pricing of a checkout, for the quote and for the order alike, from the server's own facts only:
 * catalogue prices, the coupon's row, the shipping rules and the tax rates in force. Lines of a product
 * no longer sold are left out; a line short of stock is priced but reported. The discount is the coupon's
 * percent of the lines it covers (its category's, or all), rounded half up once; shipping is priced on
 * the goods after the discount; each tax is `taxLines` on the goods after the discount, plus shipping
 * where the province taxes it.
 */
export function priceCheckout(a: PricingArgs): Pricing {
  const lines: CheckoutLine[] = [];
  const lineProblems: Problem[] = [];
  for (const { productId, quantity } of a.items) {
    const p = a.products.get(productId);
    if (!p) {
      lineProblems.push({ message: m.productNotFound });
      continue;
    }
    if (!p.active) {
      lineProblems.push({ message: m.productUnavailable, params: { name: localizedText(p.name, p.nameFr, a.locale) } });
      continue;
    }
    if (quantity > p.stock) lineProblems.push({ message: m.lineNotEnoughStock, params: { stock: p.stock, name: localizedText(p.name, p.nameFr, a.locale) } });
    lines.push({ productId, sku: p.sku, name: p.name, nameFr: p.nameFr, quantity, unitPriceCents: p.priceCents, lineTotalCents: p.priceCents * quantity, categoryId: p.categoryId });
  }
  const subtotalCents = lines.reduce((n, l) => n + l.lineTotalCents, 0);

  let coupon: repo.CouponRow | null = null;
  let problem: Problem | null = null;
  if (a.coupon !== undefined) {
    problem = couponProblem(a.coupon, { now: a.now, subtotalCents, lines, uses: a.couponUses, locale: a.locale });
    if (!problem) coupon = a.coupon;
  }
  const covered = coupon ? lines.filter((l) => coupon.categoryId === null || l.categoryId === coupon.categoryId).reduce((n, l) => n + l.lineTotalCents, 0) : 0;
  const discountCents = coupon ? percentOf(covered, coupon.discountPercent) : 0;
  const goodsCents = subtotalCents - discountCents;

  // Nothing to ship costs nothing to ship.
  const shippingMethods = SHIPPING_METHODS.flatMap((s) => {
    const price = shippingPrice(s.id, a.address.country, goodsCents);
    return price === null ? [] : [{ id: s.id, priceCents: lines.length ? price : 0 }];
  });
  let shippingMethodId = a.shippingMethodId ?? DEFAULT_SHIPPING_METHOD;
  let shippingProblem: Problem | null = null;
  if (!shippingMethods.some((s) => s.id === shippingMethodId)) {
    shippingProblem = { message: m.shippingMethodUnavailable };
    shippingMethodId = DEFAULT_SHIPPING_METHOD;
  }
  const shippingCents = shippingMethods.find((s) => s.id === shippingMethodId)?.priceCents ?? 0;
  const taxes = taxLines(goodsCents, shippingCents, a.rates);
  const totalCents = goodsCents + shippingCents + taxes.reduce((n, t) => n + t.amountCents, 0);

  return {
    lines,
    subtotalCents,
    discountCents,
    shippingCents,
    taxes,
    totalCents,
    coupon,
    lineProblems,
    couponProblem: problem,
    shippingProblem,
    tooLarge: totalCents > INT_MAX,
    shippingMethodId,
    shippingMethods,
  };
}

/** Every problem of a pricing, lines first. */
const problemsOf = (p: Pricing): Problem[] => [
  ...p.lineProblems,
  ...(p.couponProblem ? [p.couponProblem] : []),
  ...(p.shippingProblem ? [p.shippingProblem] : []),
  ...(p.tooLarge ? [{ message: m.orderTooLarge }] : []),
];

/**
 * Whether the buyer may pay on account: an approved dealer or contractor with a credit limit set by
 * an admin. `availableCents` is the credit left (null when paying on account is not open to it).
 */
export async function accountOf(db: Db, buyer: repo.BuyerRow | null): Promise<QuoteOut['account']> {
  if (!buyer || buyer.status !== 'approved' || !CREDIT_ROLES.includes(buyer.role)) return { allowed: false, availableCents: null };
  const credit = await creditOf(db, buyer.id);
  return credit.creditLimitCents === null ? { allowed: false, availableCents: null } : { allowed: true, availableCents: credit.availableCents };
}

const toMessage = (p: Problem): QuoteMessage => ({
  code: codeOf(p.message) ?? 'common.invalidValue',
  message: formatMessage(p.message, p.params),
  ...(p.params ? { params: p.params } : {}),
});

/** What a coupon takes off and on what: its category's names when it is limited to one, null for the whole order. */
export const couponTerms = (c: repo.CouponRow): CouponTermsOut => ({
  code: c.code,
  discountPercent: c.discountPercent,
  categoryName: c.categoryId ? c.categoryName : null,
  categoryNameFr: c.categoryId ? c.categoryNameFr : null,
});

/**
 * POST /checkout/quote: prices the buyer's cart (a guest's `items`) for an address, a shipping method, a
 * coupon and a payment method, and places nothing. What does not apply is a message, and the quote
 * prices without it (a coupon), or says it cannot be placed (a line, paying on account).
 */
export async function quote(ctx: Ctx, input: CheckoutInput): Promise<QuoteOut> {
  const [buyer, items] = await Promise.all([buyerOf(ctx), checkoutItems(ctx, input)]);
  const [{ products, rates }, found, account] = await Promise.all([
    checkoutFacts(ctx, items, input.shippingAddress),
    input.couponCode ? repo.findCouponByCode(ctx.db, input.couponCode) : undefined,
    accountOf(ctx.db, buyer),
  ]);
  const coupon = input.couponCode ? (found ?? null) : undefined;
  const uses = coupon && coupon.perCustomerLimit !== null && buyer ? await repo.countRedemptions(ctx.db, coupon.id, `user:${buyer.id}`) : null;
  const pricing = priceCheckout({
    items,
    products,
    coupon,
    couponUses: uses,
    address: input.shippingAddress,
    shippingMethodId: input.shippingMethodId,
    rates,
    now: ctx.now,
    locale: input.locale,
  });

  const problems = [...(items.length ? [] : [{ message: m.cartEmpty }]), ...problemsOf(pricing)];
  if (input.paymentMethod === 'account') {
    if (!account.allowed) problems.push({ message: m.accountNotAllowed });
    else if (pricing.totalCents > account.availableCents!) problems.push({ message: m.creditLimitExceeded, params: { available: money(account.availableCents!, input.locale) } });
  }
  return {
    lines: pricing.lines.map(({ categoryId: _categoryId, ...line }) => line),
    subtotalCents: pricing.subtotalCents,
    discountCents: pricing.discountCents,
    shippingCents: pricing.shippingCents,
    taxes: pricing.taxes,
    totalCents: pricing.totalCents,
    messages: problems.map(toMessage),
    coupon: pricing.coupon ? couponTerms(pricing.coupon) : null,
    shippingMethodId: pricing.shippingMethodId,
    shippingMethods: pricing.shippingMethods,
    account,
    cardProvider: ctx.payments.name,
    canPlace: problems.length === 0,
  };
}
