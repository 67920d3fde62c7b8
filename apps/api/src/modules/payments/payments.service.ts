import { accountsMessages } from '@meltway/shared/accounts/messages';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { transitionFor } from '@meltway/shared/orders/order-states';
import type { PaymentConfirmInput, PaymentStatusOut } from '@meltway/shared/payments/payment.schema';
import type { PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import type { Ctx } from '../../lib/ctx.js';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { PaymentSignatureError, type PaymentEvent } from '../../lib/payments.js';
import { placedOrderAnswer } from '../cart-checkout/order-placement.service.js';
import { markPaid, queueMail, recordEvent, recordRefund, refundCard, type ChangeCtx, type Order } from '../orders/order-changes.service.js';
import { findOrder, visibleOrder } from '../orders/orders.service.js';
import { accrueCommission, findTransaction, recordTransaction } from './ledger.service.js';
import * as repo from './payments.repo.js';

type PaymentCtx = Pick<Ctx, 'db' | 'now' | 'config' | 'payments' | 'log'>;

/** The header each provider signs its webhook events in. */
const SIGNATURE_HEADER = { stripe: 'stripe-signature', test: 'x-test-signature' } as const;

/** A payment arrived for an order already cancelled: the event's transaction is rolled back, and redone once the refund is made. */
class RefundFirst extends Error {
  constructor(readonly order: Order) {
    super('refund the late payment first');
  }
}

/**
 * Applies one provider event inside its transaction. The event's id is kept first: an event kept already
 * changes nothing. A payment that matches the total of an order waiting for it marks the order paid (the only
 * place that does), records it, accrues the dealer's commission, ends the stock hold and queues the buyer's
 * mail; one for a cancelled order is recorded with the refund made for it; anything else is a note.
 */
async function applyEvent(c: PaymentCtx & ChangeCtx, event: PaymentEvent, lateRefundRef: string | null) {
  if (!(await repo.insertPaymentEvent(c.db, { provider: c.payments.name, eventId: event.id, type: event.type }))) return;
  if (event.type === 'ignored' || !event.ref) return;
  const id = await repo.orderIdByPaymentRef(c.db, event.ref);
  const order = id ? await findOrder(c.db, id, true) : undefined;
  if (!order) {
    c.log.warn({ event: event.id, ref: event.ref }, 'payment event for no order of ours');
    return;
  }
  if (event.type === 'payment.failed') {
    if (order.status === 'pending_payment') await recordEvent(c, order, { action: 'pay', to: order.status, actor: 'system', note: m.paymentFailed });
    return;
  }
  const amount = event.amountCents ?? 0;
  if (await findTransaction(c.db, order.paymentProvider, 'payment', event.ref)) return;
  if (order.status === 'cancelled') {
    if (!lateRefundRef) throw new RefundFirst(order);
    await recordTransaction(c.db, { orderId: order.id, kind: 'payment', provider: order.paymentProvider, providerRef: event.ref, amountCents: amount, createdAt: c.now });
    await recordRefund(c, order, amount, lateRefundRef);
    await recordEvent(c, order, { action: 'refund', to: order.status, actor: 'system', note: m.paymentAfterCancel, amountCents: amount });
    await queueMail(c, 'refunded', order, { amountCents: amount });
    return;
  }
  const step = transitionFor('pay', order.status, 'system');
  if (!step) {
    c.log.warn({ event: event.id, order: order.id, status: order.status }, 'payment event for an order not waiting for one');
    return;
  }
  if (amount !== order.totalCents) {
    await recordEvent(c, order, { action: 'pay', to: order.status, actor: 'system', note: m.paymentAmountMismatch, amountCents: amount });
    return;
  }
  await markPaid(c, order, step.to!);
  await recordEvent(c, order, { action: 'pay', to: step.to!, actor: 'system', amountCents: amount });
  await recordTransaction(c.db, { orderId: order.id, kind: 'payment', provider: order.paymentProvider, providerRef: event.ref, amountCents: amount, createdAt: c.now });
  await accrueCommission(c.db, order);
  await queueMail(c, 'paid', order);
}

/**
 * Handles one verified provider event, once (the webhook and the test provider's confirmation both come here).
 * A payment for an order cancelled meanwhile (its hold expired) is refunded in full: the provider is asked
 * outside the transaction, with a key of the payment, so a redelivery or a crash refunds it once.
 */
async function handlePaymentEvent(ctx: PaymentCtx, event: PaymentEvent): Promise<void> {
  let lateRefundRef: string | null = null;
  for (;;) {
    try {
      await ctx.db.transaction((db) => applyEvent({ ...ctx, db, user: null }, event, lateRefundRef));
      return;
    } catch (err) {
      if (!(err instanceof RefundFirst) || lateRefundRef) throw err;
      lateRefundRef = await refundCard(ctx, err.order, event.amountCents ?? err.order.totalCents, `${event.ref}-late-payment`);
    }
  }
}

/** POST /payments/stripe/webhook: verifies the provider's signature on the raw body, then handles the event. */
export async function receiveWebhook(ctx: Ctx, rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
  const signature = headers[SIGNATURE_HEADER[ctx.payments.name]];
  let event: PaymentEvent;
  try {
    event = ctx.payments.parseWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
  } catch (err) {
    if (err instanceof PaymentSignatureError) throw new BadRequestError(m.paymentSignatureInvalid);
    throw err;
  }
  await handlePaymentEvent(ctx, event);
  return { received: true as const };
}

/**
 * The order whose card payment `clientSecret` opened: the test provider checks its own signature; Stripe's
 * secrets are `<PaymentIntent id>_secret_…`. Anything else is told the order does not exist.
 */
async function orderOfSecret(ctx: Ctx, input: PaymentConfirmInput) {
  const order = await findOrder(ctx.db, input.orderId);
  const ref = order?.paymentRef;
  const owns = !!ref && (ctx.payments.name === 'test' ? ctx.payments.ownsSecret(ref, input.clientSecret) : input.clientSecret.startsWith(`${ref}_secret_`));
  if (!order || !owns) throw new NotFoundError(m.orderNotFound);
  return order;
}

const statusOf = (order: Order): PaymentStatusOut => ({ id: order.id, number: order.number, status: order.status, totalCents: order.totalCents });

/** POST /payments/status: how the payment of the order whose client secret this is went. */
export const paymentStatus = async (ctx: Ctx, input: PaymentConfirmInput) => statusOf(await orderOfSecret(ctx, input));

/**
 * POST /payments/test/confirm: the test provider's card form (no money moves). Feeds the payment's
 * `payment.succeeded` event through the same handler as the webhook; refused when Stripe is set up.
 */
export async function confirmTestPayment(ctx: Ctx, input: PaymentConfirmInput): Promise<PaymentStatusOut> {
  if (ctx.payments.name !== 'test') throw new ConflictError(m.testProviderDisabled);
  const order = await orderOfSecret(ctx, input);
  if (order.status === 'cancelled') throw new ConflictError(m.orderNotPayable);
  if (order.status === 'pending_payment') {
    await handlePaymentEvent(ctx, { id: `test_evt_${order.paymentRef}`, type: 'payment.succeeded', ref: order.paymentRef, amountCents: order.totalCents });
  }
  return statusOf((await findOrder(ctx.db, order.id))!);
}

/**
 * POST /orders/:id/payment: the buyer's unpaid card order gets its payment again (the page was closed, the
 * card refused). The provider gives back the same payment for the same key, so nothing is charged twice.
 */
export async function retryPayment(ctx: Ctx, id: string): Promise<PlacedOrderOut> {
  const { order, part } = await visibleOrder(ctx, id);
  if (part !== 'buyer') throw new ForbiddenError(accountsMessages.forbidden);
  if (order.paymentMethod !== 'card' || order.status !== 'pending_payment' || (order.stockHeldUntil && order.stockHeldUntil <= ctx.now)) {
    throw new ConflictError(m.orderNotPayable);
  }
  return placedOrderAnswer(ctx, order.id);
}
