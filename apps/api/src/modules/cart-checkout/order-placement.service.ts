import { createHash, randomUUID } from 'node:crypto';
import { accountsMessages as am } from '@meltway/shared/accounts/messages';
import type { PlaceOrderInput } from '@meltway/shared/cart-checkout/checkout.schema';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { ACCOUNT_TERMS_DAYS, CARD_HOLD_MINUTES } from '@meltway/shared/orders/order-states';
import type { PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import { localizedText } from '@meltway/shared/common/localized';
import { commonMessages } from '@meltway/shared/common/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/ctx.js';
import { money } from '../../lib/documents/formats.js';
import { taxDay } from '../../lib/eastern-time.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError, BadRequestError, ConflictError, FieldError, ForbiddenError, NotFoundError, ServiceBusyError } from '../../lib/errors.js';
import { safeError } from '../../lib/log.js';
import { enforceLimit } from '../../lib/limiter.js';
import * as cartRepo from './cart.repo.js';
import { accountOf, buyerOf, checkoutFacts, checkoutItems, couponTerms, priceCheckout, type Pricing } from './checkout.service.js';
import type { Language } from '@meltway/shared/common/language';
import * as checkoutRepo from './checkout.repo.js';
import { creditOf } from '../payments/credit.service.js';
import { accrueCommission, recordTransaction } from '../payments/ledger.service.js';
import { cancelLocked } from '../orders/order-changes.service.js';
import * as repo from './order-placement.repo.js';
import type { OrderRow } from '../../db/schema/commerce.js';
import { orderMail } from '../orders/order-mails.service.js';
import { findOrder, partIn, presentOrder, type OrderParts } from '../orders/orders.service.js';

export type PlaceInput = z.output<typeof PlaceOrderInput>;
type Order = OrderRow & { dealerName: string | null };
/** The order as placed (or found again under the same Idempotency-Key), and whether this request made it. */
export type Placement = { order: PlacedOrderOut; created: boolean };

const MINUTE = 60_000;
/** How many times a placement whose cart changed between its reading and its transaction starts again. */
const CART_RETRIES = 3;

/** Thrown inside the placement's transaction when the cart under its lock is not the one priced: the placement starts again. */
class CartChanged extends Error {}

type Item = { productId: string; quantity: number };
const sameItems = (a: Item[], b: Item[]) => a.length === b.length && a.every((x, i) => x.productId === b[i]!.productId && x.quantity === b[i]!.quantity);
const DAY = 24 * 60 * MINUTE;

/** A fingerprint of the request: the same key with another body is a different order, and refused. */
function requestHash(input: PlaceInput) {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, canonical(x)]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(input))).digest('base64url');
}

/**
 * Turns what keeps the pricing from being placed into the answer: a line that cannot be bought (409), a
 * total too large (400), a shipping method this address cannot use (400 on the field), a coupon that
 * does not apply (409 when its uses ran out, 400 otherwise, on the `couponCode` field).
 */
function refuse(p: Pricing) {
  const line = p.lineProblems[0];
  if (line) throw new AppError(409, line.message, { params: line.params });
  if (p.tooLarge) throw new BadRequestError(m.orderTooLarge);
  if (p.shippingProblem) throw new FieldError('shippingMethodId', p.shippingProblem.message);
  const coupon = p.couponProblem;
  if (coupon) {
    const conflict = coupon.message === m.couponUsedUp || coupon.message === m.couponCustomerLimit;
    throw new AppError(conflict ? 409 : 400, coupon.message, { params: coupon.params, path: 'couponCode' });
  }
}

/**
 * The coupon a code names, inside the placement's transaction. A coupon with a limit (in all, or per
 * customer) is read under its row lock, so its uses are counted one placement at a time; one without
 * is only read, and its count goes up at the end of the transaction.
 */
async function lockedCoupon(tx: Db, code: string) {
  const coupon = await checkoutRepo.findCouponByCode(tx, code);
  if (!coupon || (coupon.usageLimit === null && coupon.perCustomerLimit === null)) return coupon ?? null;
  return (await checkoutRepo.findCouponByCode(tx, code, true)) ?? null;
}

/** Opens the card payment of an unpaid order (the same one again for the same order: keyed by its id). */
async function openPayment(ctx: Ctx, order: OrderRow): Promise<PlacedOrderOut['payment']> {
  try {
    const payment = await ctx.payments.createPayment({ orderId: order.id, orderNumber: order.number, amountCents: order.totalCents, idempotencyKey: order.id });
    await repo.setPaymentRef(ctx.db, order.id, payment.ref);
    return { provider: ctx.payments.name, clientSecret: payment.clientSecret, publishableKey: ctx.payments.publishableKey };
  } catch (err) {
    // The order stays; the same request again (same Idempotency-Key) finds it and opens its payment.
    ctx.log.error({ err: safeError(err), order: order.id }, 'the card payment of a placed order could not be opened');
    throw new ServiceBusyError(commonMessages.busy, 5);
  }
}

/**
 * The answer for a placed order: the order as its reader sees it, and the card payment while one is awaited
 * (also the answer of paying an unpaid order again, POST /orders/:id/payment).
 */
export async function placedOrderAnswer(ctx: Ctx, orderId: string): Promise<PlacedOrderOut> {
  return answerFor(ctx, (await findOrder(ctx.db, orderId))!);
}

/** The answer for an order at hand; `known` spares reading back the lines and timeline a placement just wrote. */
async function answerFor(ctx: Ctx, order: Order, known?: OrderParts): Promise<PlacedOrderOut> {
  const payment = order.status === 'pending_payment' ? await openPayment(ctx, order) : null;
  return { ...(await presentOrder(ctx, order, partIn(ctx, order), known)), payment };
}

/** The order an earlier request placed with this key, or null; the key with another body is refused. */
async function replay(ctx: Ctx, scope: string, key: string, hash: string): Promise<Placement | null> {
  const found = await repo.findByIdempotencyKey(ctx.db, scope, key);
  if (!found) return null;
  if (found.requestHash !== hash) throw new ConflictError(m.idempotencyKeyReused);
  return { order: await placedOrderAnswer(ctx, found.id), created: false };
}

type Buyer = NonNullable<Awaited<ReturnType<typeof buyerOf>>>;
type Facts = Awaited<ReturnType<typeof checkoutFacts>>;
type Placed = { order: Order; known: OrderParts };

/** What a placement knows before its transaction: who places, under which key, what, and at which prices and rates. */
type Placing = {
  ctx: Ctx;
  input: PlaceInput;
  buyer: Buyer | null;
  email: string;
  /** The buyer's Idempotency-Key scope: `user:<id>` or `guest:<email>`. */
  buyerKey: string;
  idempotencyKey: string | undefined;
  hash: string;
  method: 'card' | 'account';
  items: Item[];
  facts: Facts;
  locale: Language;
};

/**
 * Inside the transaction, first: the Idempotency-Key's lock (true when an order placed under it committed
 * meanwhile), then the buyer's cart under its row lock. Of parallel placements of one cart, the first takes it
 * and empties it; the others find it empty (or changed) once that one commits.
 */
async function claimKeyAndCart(tx: Db, p: Placing): Promise<boolean> {
  if (p.idempotencyKey) {
    await repo.lockIdempotencyKey(tx, p.buyerKey, p.idempotencyKey);
    if (await repo.findByIdempotencyKey(tx, p.buyerKey, p.idempotencyKey)) return true;
  }
  if (p.buyer) {
    await cartRepo.lockCartOf(tx, p.buyer.id);
    const claimed = await checkoutItems({ ...p.ctx, db: tx }, p.input);
    if (!claimed.length) throw new BadRequestError(m.cartEmpty);
    if (!sameItems(claimed, p.items)) throw new CartChanged();
  }
  return false;
}

/**
 * The limited rows locked and the cart priced against them: the coupon (under its row lock when limited), the
 * buyer's older unpaid card order replaced, the pricing refused or taken, and on account the credit under its
 * row lock.
 */
async function lockAndPrice(tx: Db, p: Placing): Promise<Pricing> {
  const { ctx, input, buyer, method, locale } = p;
  const coupon = input.couponCode ? await lockedCoupon(tx, input.couponCode) : undefined;
  // A buyer holds one unpaid card order at a time: the older one is cancelled as this one is placed (its
  // stock and coupon use back), all in this transaction, so a refused placement leaves it as it was.
  if (buyer && method === 'card') {
    for (const id of await repo.unpaidCardOrders(tx, buyer.id)) {
      await cancelLocked({ db: tx, now: ctx.now, user: ctx.user, config: ctx.config }, (await findOrder(tx, id, true))!, 'buyer', { note: m.replacedByNewerOrder, mail: 'replaced' });
    }
  }
  const uses = coupon && coupon.perCustomerLimit !== null ? await checkoutRepo.countRedemptions(tx, coupon.id, p.buyerKey) : 0;
  const pricing = priceCheckout({
    items: p.items,
    products: p.facts.products,
    coupon,
    couponUses: uses,
    address: input.shippingAddress,
    shippingMethodId: input.shippingMethodId,
    rates: p.facts.rates,
    now: ctx.now,
    locale,
  });
  refuse(pricing);

  if (method === 'account') {
    const credit = await creditOf(tx, buyer!.id, true);
    if (credit.creditLimitCents === null) throw new ForbiddenError(m.accountNotAllowed);
    if (pricing.totalCents > credit.availableCents) {
      throw new AppError(409, m.creditLimitExceeded, { params: { available: money(credit.availableCents, locale) } });
    }
  }
  return pricing;
}

/** The order's row, numbered by the database, with its coupon's redemption. */
async function insertPlacedOrder(tx: Db, p: Placing, pricing: Pricing, status: OrderRow['status']): Promise<OrderRow> {
  const { ctx, input, buyer, method, idempotencyKey } = p;
  const terms = pricing.coupon ? couponTerms(pricing.coupon) : null;
  const order = await repo.insertOrder(tx, Number(taxDay(ctx.now).slice(0, 4)), {
    status,
    buyerId: buyer?.id ?? null,
    buyerRole: buyer?.role ?? null,
    buyerName: buyer?.fullname ?? input.shippingAddress.fullname,
    email: p.email,
    phone: input.phone ?? (buyer?.phone ? [buyer.phoneCode, buyer.phone].filter(Boolean).join(' ') : null),
    // A dealer's purchases are its own; a contractor's are filed under its dealer, at the dealer's commission now.
    dealerId: buyer?.role === 'dealer' ? buyer.id : buyer?.role === 'contractor' ? buyer.dealerId : null,
    commissionPercent: buyer?.role === 'contractor' ? buyer.dealerCommission : null,
    locale: p.locale,
    paymentMethod: method,
    paymentProvider: method === 'account' ? 'account' : ctx.payments.name,
    shippingAddress: input.shippingAddress,
    shippingMethod: pricing.shippingMethodId,
    subtotalCents: pricing.subtotalCents,
    discountCents: pricing.discountCents,
    shippingCents: pricing.shippingCents,
    taxCents: pricing.taxes.reduce((n, t) => n + t.amountCents, 0),
    totalCents: pricing.totalCents,
    taxes: pricing.taxes,
    couponId: pricing.coupon?.id ?? null,
    couponCode: terms?.code ?? null,
    couponPercent: terms?.discountPercent ?? null,
    // The order keeps what its coupon covered, whatever the coupon or its category become.
    couponCategoryName: terms?.categoryName ?? null,
    couponCategoryNameFr: terms?.categoryNameFr ?? null,
    paymentDueAt: method === 'account' ? new Date(ctx.now.getTime() + ACCOUNT_TERMS_DAYS * DAY) : null,
    stockHeldUntil: status === 'pending_payment' ? new Date(ctx.now.getTime() + CARD_HOLD_MINUTES * MINUTE) : null,
    idempotencyScope: idempotencyKey ? p.buyerKey : null,
    idempotencyKey: idempotencyKey ?? null,
    requestHash: idempotencyKey ? p.hash : null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  if (pricing.coupon) await repo.insertRedemption(tx, pricing.coupon.id, order.id, p.buyerKey);
  return order;
}

/** The ledger of an order on account (its charge and the dealer's commission), or the commission of a card order a coupon made free. */
async function charge(tx: Db, ctx: Ctx, order: OrderRow, method: Placing['method'], free: boolean) {
  if (method === 'account') {
    // An order a coupon made free charges nothing (a transaction is never of 0 cents).
    if (order.totalCents > 0) {
      await recordTransaction(tx, { orderId: order.id, kind: 'account_charge', provider: 'account', providerRef: order.number, amountCents: order.totalCents, createdAt: ctx.now });
    }
    await accrueCommission(tx, order);
  }
  if (free) await accrueCommission(tx, order);
}

/**
 * The last of the transaction: rows every placement of a popular product or coupon wants are taken last, so each
 * is held only until the commit. The lines, the timeline entry and the mail go with the stock, in one statement;
 * a line short of stock refuses the placement; then the coupon's use count.
 */
async function writeLines(tx: Db, p: Placing, pricing: Pricing, order: OrderRow): Promise<Placed> {
  const { ctx, buyer } = p;
  const lines = pricing.lines.map((l, position) => ({
    id: randomUUID(),
    orderId: order.id,
    position,
    productId: l.productId,
    categoryId: l.categoryId,
    sku: l.sku,
    name: l.name,
    nameFr: l.nameFr,
    unitPriceCents: l.unitPriceCents,
    quantity: l.quantity,
    lineTotalCents: l.lineTotalCents,
  }));
  const event = { id: randomUUID(), orderId: order.id, action: 'place', fromStatus: null, toStatus: order.status, actorRole: 'buyer', actorId: buyer?.id ?? null, note: null, amountCents: null, createdAt: ctx.now } as const;
  const mail = orderMail('placed', order, ctx.config.publicUrl, {}, { lines, token: ctx.orderLinks.sign(order.id, ctx.now) });
  const taken = await repo.writePlacement(tx, lines, event, mail);
  const short = pricing.lines.find((l) => !taken.has(l.productId));
  if (short) throw new AppError(409, m.lineNotEnoughStock, { params: { stock: await repo.stockOf(tx, short.productId), name: localizedText(short.name, short.nameFr, p.locale) } });
  if (pricing.coupon) await repo.countCouponUse(tx, pricing.coupon.id);
  // What reading the order back after the commit would give: its dealer's name, its lines, its one event.
  const dealerName = order.dealerId === null ? null : order.dealerId === buyer?.id ? buyer.fullname : (buyer?.dealerName ?? null);
  return { order: { ...order, dealerName }, known: { lines, events: [{ event, actorName: buyer?.fullname ?? null }] } };
}

/** The placement's transaction, its steps in the order of docs/decisions/0005: the order placed, or `replayed` when its key's order committed meanwhile. */
function transact(p: Placing): Promise<Placed | { replayed: true }> {
  return p.ctx.db.transaction(async (tx) => {
    if (await claimKeyAndCart(tx, p)) return { replayed: true } as const;
    const pricing = await lockAndPrice(tx, p);
    // A card order a coupon made free has nothing to pay: it is paid as placed, with no payment to open.
    const free = p.method === 'card' && pricing.totalCents === 0;
    const status = p.method === 'account' ? 'on_account' : free ? 'paid' : 'pending_payment';
    const order = await insertPlacedOrder(tx, p, pricing, status);
    await charge(tx, p.ctx, order, p.method, free);
    if (p.buyer) await cartRepo.removeOrdered(tx, p.buyer.id, pricing.lines.map((l) => l.productId));
    return writeLines(tx, p, pricing, order);
  });
}

/**
 * POST /orders: places the buyer's cart (a guest's `items`) as priced by `priceCheckout`, in one
 * transaction: the Idempotency-Key (one order per key and buyer), a limited coupon under its row lock,
 * the credit under the credit row's lock (on account), the order with its number, the coupon's
 * redemption, the ledger (on account), the cart emptied, then one statement for the lines, the first
 * timeline entry, the mail queued and the stock (`writePlacement`), and the coupon's use count.
 * The catalogue is read before it and the card provider called after it, so the transaction holds its
 * locks for as short a time as it can.
 */
export async function placeOrder(ctx: Ctx, input: PlaceInput, idempotencyKey?: string, retries = CART_RETRIES): Promise<Placement> {
  const buyer = await buyerOf(ctx);
  if (ctx.user && !buyer) throw new NotFoundError(am.userNotFound);
  const email = buyer ? buyer.email : input.email;
  if (!email) throw new FieldError('email', m.emailRequired);
  const buyerKey = buyer ? `user:${buyer.id}` : `guest:${email}`;
  // Only a keyed placement is compared with an earlier one.
  const hash = idempotencyKey ? requestHash(input) : '';
  if (idempotencyKey) {
    const earlier = await replay(ctx, buyerKey, idempotencyKey, hash);
    if (earlier) return earlier;
  }
  // A guest's unpaid card order holds stock: one address cannot hold the shop's stock with a stream of them.
  if (!buyer) await enforceLimit(ctx.limiter, `orders:guest:ip:${ctx.ip}`, ctx.limits.guestOrdersPerIp, m.tooManyGuestOrders);

  const items = await checkoutItems(ctx, input);
  if (!items.length) {
    // A placement under the same key may have committed since the check above, emptying this cart: its order is the answer.
    const earlier = idempotencyKey && buyer ? await replay(ctx, buyerKey, idempotencyKey, hash) : null;
    if (earlier) return earlier;
    throw buyer ? new BadRequestError(m.cartEmpty) : new FieldError('items', m.guestItemsRequired);
  }
  const method = input.paymentMethod ?? 'card';
  if (method === 'account' && !(await accountOf(ctx.db, buyer)).allowed) throw new ForbiddenError(m.accountNotAllowed);
  const facts = await checkoutFacts(ctx, items, input.shippingAddress);

  let placed: Placed | { replayed: true };
  try {
    placed = await transact({ ctx, input, buyer, email, buyerKey, idempotencyKey, hash, method, items, facts, locale: input.locale });
  } catch (err) {
    if (err instanceof CartChanged) {
      if (retries > 0) return placeOrder(ctx, input, idempotencyKey, retries - 1);
      // A cart changed under every try (its owner editing it in another tab): asked to try again.
      throw new ServiceBusyError(commonMessages.busy, 1);
    }
    // A duplicate that slipped past the lock still meets the unique constraint: it gets the first one's order.
    if (idempotencyKey && uniqueViolation(err) === 'orders_idempotency_unique') {
      const earlier = await replay(ctx, buyerKey, idempotencyKey, hash);
      if (earlier) return earlier;
    }
    throw err;
  }
  if ('replayed' in placed) return (await replay(ctx, buyerKey, idempotencyKey!, hash))!;
  return { order: await answerFor(ctx, placed.order, placed.known), created: true };
}
