import { accountsMessages } from '@meltway/shared/accounts/messages';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { ORDER_TRANSITIONS, transitionFor, type OrderAction, type OrderActor, type OrderStatus } from '@meltway/shared/orders/order-states';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import type { Config } from '../../config.js';
import type { Ctx } from '../../lib/ctx.js';
import { money } from '../../lib/documents/formats.js';
import { AppError, FieldError, ForbiddenError } from '../../lib/errors.js';
import { safeError } from '../../lib/log.js';
import { enqueueMail } from '../../lib/outbox.js';
import { findTransaction, recordTransaction, reverseCommission } from '../payments/ledger.service.js';
import { orderMail, type OrderMailKind } from './order-mails.service.js';
import * as repo from './order-changes.repo.js';
import { findOrder, insertOrderEvent } from './orders.repo.js';
import { openTo, presentOrder, visibleOrder } from './orders.service.js';

export type Order = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
/** What a change of an order needs: the database (its transaction), the time, the address links in mails use, and who acts (null: the system). */
export type ChangeCtx = Pick<Ctx, 'db' | 'now' | 'user'> & { config: Pick<Config, 'publicUrl'> };

/** How "This order cannot be {action} now" names each action. */
const PARTICIPLES: Record<OrderAction, string> = {
  place: 'placed',
  pay: 'paid',
  process: 'processed',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  refund: 'refunded',
  settle: 'settled',
};

/**
 * The step of ORDER_TRANSITIONS that lets `part` take `action` on the order now. The one rule of refusals:
 * 403 when the table never lets this part take this action (a dealer cancelling), 409
 * commerce.orderActionNotAllowed when it does, but not from the order's status (a buyer cancelling a paid
 * order, shipping an unpaid one) or not with its money (nothing left to refund, an invoice already settled).
 */
function stepFor(action: OrderAction, order: Order, part: OrderActor) {
  const step = transitionFor(action, order.status, part);
  if (step && openTo(order, action)) return step;
  if (!ORDER_TRANSITIONS.some((t) => t.action === action && t.by.includes(part))) throw new ForbiddenError(accountsMessages.forbidden);
  throw new AppError(409, m.orderActionNotAllowed, { params: { action: PARTICIPLES[action] } });
}

/** Adds the change to the order's timeline, with who made it (the signed-in user, or nobody for the system) and when. */
export async function recordEvent(c: ChangeCtx, order: Order, e: { action: OrderAction; to: OrderStatus; actor: OrderActor; note?: string | null; amountCents?: number | null }) {
  await insertOrderEvent(c.db, {
    orderId: order.id,
    action: e.action,
    fromStatus: order.status,
    toStatus: e.to,
    actorRole: e.actor,
    actorId: e.actor === 'system' ? null : (c.user?.id ?? null),
    note: e.note ?? null,
    amountCents: e.amountCents ?? null,
    createdAt: c.now,
  });
}

/** Queues the buyer's mail about a change, in the change's transaction. */
export const queueMail = (c: ChangeCtx, kind: OrderMailKind, order: Order, extra: { amountCents?: number; reason?: string | null } = {}) =>
  enqueueMail(c.db, orderMail(kind, order, c.config.publicUrl, extra));

/**
 * Records money given back: the refund transaction (a card refund under the provider's reference, an
 * account refund numbered after the order's others), the order's refunded total and the commission it
 * reverses. The order is the locked row as read before this refund.
 */
export async function recordRefund(c: ChangeCtx, order: Order, amountCents: number, providerRef: string | null) {
  const card = providerRef !== null;
  const ref = providerRef ?? `${order.number}-R${(await repo.countRefunds(c.db, order.id)) + 1}`;
  // A late payment of an amount other than the total is refunded as it came; the order's figure stops at its total.
  const refundedAfterCents = Math.min(order.totalCents, order.refundedCents + amountCents);
  const txn = await recordTransaction(c.db, { orderId: order.id, kind: 'refund', provider: card ? order.paymentProvider : 'account', providerRef: ref, amountCents, createdAt: c.now });
  if (!txn) throw new Error(`refund ${ref} of order ${order.id} is recorded already`);
  await repo.updateOrder(c.db, order.id, { refundedCents: refundedAfterCents }, c.now);
  await reverseCommission(c.db, order, { id: txn.id, amountCents, refundedAfterCents });
}

/** Whether the order's card payment was taken (so a cancellation refunds it). */
const cardTaken = (order: Order) => order.paymentMethod === 'card' && order.status !== 'pending_payment' && order.status !== 'cancelled';

/**
 * Asks the card provider for a refund, before the transaction that records it (no network call holds a row
 * lock). The idempotency key is made of the order, what it had refunded so far and the amount: a retry after
 * a failure or a crash between the provider's answer and our commit, or a double click, is the same refund at
 * the provider and is recorded once (the transaction's reference is unique). A crash cannot refund twice; it
 * can leave a refund unrecorded until the same refund is asked again.
 */
export async function refundCard(ctx: Pick<Ctx, 'payments' | 'log'>, order: Order, amountCents: number, key = `${order.id}-refund-${order.refundedCents}-${amountCents}`) {
  try {
    return (await ctx.payments.refund({ ref: order.paymentRef!, amountCents, idempotencyKey: key })).ref;
  } catch (err) {
    ctx.log.error({ err: safeError(err), order: order.id }, 'card refund failed');
    throw new AppError(502, m.refundFailed);
  }
}

/** Runs one change of an order in a transaction under its row lock, and answers the order as its reader now sees it. */
async function changeOrder(ctx: Ctx, id: string, apply: (c: ChangeCtx, order: Order, part: OrderActor) => Promise<void>): Promise<OrderOut> {
  return ctx.db.transaction(async (db) => {
    const c = { ...ctx, db };
    const { order, part } = await visibleOrder(c, id, true);
    await apply(c, order, part);
    return presentOrder(c, (await findOrder(db, id))!, part);
  });
}

/** POST /orders/:id/process: an admin starts preparing a paid or on-account order. */
/** Marks a locked order paid (`to`, the status of the payment step) and ends its stock hold: a payment event's change. */
export const markPaid = (c: ChangeCtx, order: Order, to: OrderStatus) => repo.updateOrder(c.db, order.id, { status: to, stockHeldUntil: null }, c.now);

export const processOrder = (ctx: Ctx, id: string) =>
  changeOrder(ctx, id, async (c, order, part) => {
    const step = stepFor('process', order, part);
    await repo.updateOrder(c.db, order.id, { status: step.to! }, c.now);
    await recordEvent(c, order, { action: 'process', to: step.to!, actor: part });
  });

/** POST /orders/:id/ship: an admin ships the order with its carrier and tracking number; the buyer is told. */
export const shipOrder = (ctx: Ctx, id: string, input: { carrier: string; trackingNumber: string }) =>
  changeOrder(ctx, id, async (c, order, part) => {
    const step = stepFor('ship', order, part);
    await repo.updateOrder(c.db, order.id, { status: step.to!, ...input }, c.now);
    await recordEvent(c, order, { action: 'ship', to: step.to!, actor: part, note: `${input.carrier} ${input.trackingNumber}` });
    await queueMail(c, 'shipped', { ...order, ...input });
  });

/** POST /orders/:id/deliver: an admin marks a shipped order delivered. */
export const deliverOrder = (ctx: Ctx, id: string) =>
  changeOrder(ctx, id, async (c, order, part) => {
    const step = stepFor('deliver', order, part);
    await repo.updateOrder(c.db, order.id, { status: step.to! }, c.now);
    await recordEvent(c, order, { action: 'deliver', to: step.to!, actor: part });
  });

/** POST /orders/:id/settle: an admin records that an on-account invoice was paid (what is owed after refunds). */
export const settleOrder = (ctx: Ctx, id: string) =>
  changeOrder(ctx, id, async (c, order, part) => {
    stepFor('settle', order, part);
    const owed = order.totalCents - order.refundedCents;
    await repo.updateOrder(c.db, order.id, { settledAt: c.now }, c.now);
    if (owed > 0) await recordTransaction(c.db, { orderId: order.id, kind: 'account_settlement', provider: 'account', providerRef: order.number, amountCents: owed, createdAt: c.now });
    await recordEvent(c, order, { action: 'settle', to: order.status, actor: part, amountCents: owed });
  });

/** The amount a refund may give back: the whole remaining amount unless told, never more. */
function refundable(order: Order, part: OrderActor, requested: number | undefined) {
  stepFor('refund', order, part);
  const remaining = order.totalCents - order.refundedCents;
  const amount = requested ?? remaining;
  if (amount > remaining) throw new FieldError('amountCents', m.refundAmountInvalid, { max: money(remaining, 'en') });
  return amount;
}

/**
 * POST /orders/:id/refund: an admin gives back part or all of what is left of the order's money. A card
 * refund goes to the provider first (`refundCard`); an account refund lowers what the buyer owes. The whole
 * remaining amount makes the order refunded; a partial refund keeps its status. The buyer is told.
 */
export async function refundOrder(ctx: Ctx, id: string, input: { amountCents?: number; reason?: string }) {
  const { order, part } = await visibleOrder(ctx, id);
  const amount = refundable(order, part, input.amountCents);
  const providerRef = order.paymentMethod === 'card' ? await refundCard(ctx, order, amount) : null;
  return changeOrder(ctx, id, async (c, locked) => {
    // The same refund asked twice at once (a double click, parallel admins): both judged the order before either
    // was recorded, and the provider answered both with the one refund it made. The first recorded it; the others
    // are refused as a refund asked after it is (nothing is left of what they judged).
    if (providerRef && (await findTransaction(c.db, locked.paymentProvider, 'refund', providerRef))) {
      throw new AppError(409, m.orderActionNotAllowed, { params: { action: PARTICIPLES.refund } });
    }
    // Checked again under the lock; a card refund the provider made never exceeds what it took, so only the test
    // provider (which moves no money) can be refused here.
    refundable(locked, part, amount);
    const whole = locked.refundedCents + amount >= locked.totalCents;
    const to = whole ? (transitionFor('refund', locked.status, part)?.to ?? locked.status) : locked.status;
    await recordRefund(c, locked, amount, providerRef);
    if (to !== locked.status) await repo.updateOrder(c.db, locked.id, { status: to }, c.now);
    await recordEvent(c, locked, { action: 'refund', to, actor: part, note: input.reason, amountCents: amount });
    await queueMail(c, 'refunded', locked, { amountCents: amount, reason: input.reason });
  });
}

/**
 * Cancels a locked order: the stock comes back (once, whoever cancels) and the coupon use, an on-account
 * charge is taken off what the buyer owes, and the buyer is told. A card payment already taken was refunded
 * by the caller (`cardRefundedCents`).
 */
export async function cancelLocked(
  c: ChangeCtx,
  order: Order,
  part: OrderActor,
  opts: { reason?: string | null; note?: string; mail?: 'cancelled' | 'expired' | 'replaced'; cardRefundedCents?: number },
) {
  const step = stepFor('cancel', order, part);
  // The rows placement locks, in its order: a limited coupon, then the products, then the coupon's count.
  const coupon = await repo.redeemedCoupon(c.db, order.id);
  if (coupon?.limited) await repo.lockCoupon(c.db, coupon.id);
  await repo.releaseStock(c.db, order.id, c.now);
  if (coupon) await repo.releaseCoupon(c.db, order.id);
  let refunded = opts.cardRefundedCents ?? 0;
  const owed = order.totalCents - order.refundedCents;
  if (order.paymentMethod === 'account' && owed > 0) {
    await recordRefund(c, order, owed, null);
    refunded = owed;
  }
  await repo.updateOrder(c.db, order.id, { status: step.to!, stockHeldUntil: null }, c.now);
  await recordEvent(c, order, { action: 'cancel', to: step.to!, actor: part, note: opts.note ?? opts.reason, amountCents: refunded || null });
  await queueMail(c, opts.mail ?? 'cancelled', order, { amountCents: refunded, reason: opts.reason });
}

/**
 * POST /orders/:id/cancel: an admin, or the buyer of an order still waiting for its card payment. A card
 * payment already taken is refunded in full first (`refundCard`).
 */
export async function cancelOrder(ctx: Ctx, id: string, input: { reason?: string }) {
  const { order, part } = await visibleOrder(ctx, id);
  stepFor('cancel', order, part);
  const remaining = order.totalCents - order.refundedCents;
  const providerRef = cardTaken(order) && remaining > 0 ? await refundCard(ctx, order, remaining) : null;
  let overtaken = false;
  const answer = await changeOrder(ctx, id, async (c, locked) => {
    let refunded = 0;
    if (providerRef && !(await findTransaction(c.db, locked.paymentProvider, 'refund', providerRef))) {
      await recordRefund(c, locked, remaining, providerRef);
      refunded = remaining;
    }
    // The order moved on meanwhile (shipped by another admin): the refund the provider made is kept, the
    // cancellation is refused below, after the commit.
    if (providerRef && !transitionFor('cancel', locked.status, part)) {
      if (refunded) {
        const to = transitionFor('refund', locked.status, part)?.to ?? locked.status;
        if (to !== locked.status) await repo.updateOrder(c.db, locked.id, { status: to }, c.now);
        await recordEvent(c, locked, { action: 'refund', to, actor: part, note: input.reason, amountCents: refunded });
        await queueMail(c, 'refunded', locked, { amountCents: refunded, reason: input.reason });
      }
      overtaken = true;
      return;
    }
    await cancelLocked(c, { ...locked, refundedCents: locked.refundedCents + refunded }, part, { reason: input.reason, cardRefundedCents: refunded });
  });
  if (overtaken) throw new AppError(409, m.orderActionNotAllowed, { params: { action: PARTICIPLES.cancel } });
  return answer;
}
