import { actionsFor, type OrderActor } from '@meltway/shared/commerce/order-states';
import { commerceMessages as m } from '@meltway/shared/commerce/messages';
import type { OrderOut } from '@meltway/shared/commerce/order.schema';
import type { Ctx } from '../../lib/ctx.js';
import { NotFoundError } from '../../lib/errors.js';
import * as repo from './orders.repo.js';

type Order = NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The part the signed-in reader plays in an order, or null when the order is none of theirs: admins see
 * every order; the buyer its own; a dealer the orders filed under it (its own purchases and its
 * contractors'). A dealer who bought is the buyer of that order.
 */
export function partIn(ctx: Pick<Ctx, 'user'>, order: Pick<Order, 'buyerId' | 'dealerId'>): OrderActor | null {
  const me = ctx.user;
  if (!me) return null;
  if (me.role === 'admin') return 'admin';
  if (order.buyerId === me.id) return 'buyer';
  if (me.role === 'dealer' && order.dealerId === me.id) return 'dealer';
  return null;
}

/** The order if the reader may see it (404 otherwise, whether it exists or not); `lock` inside a transaction. */
export async function visibleOrder(ctx: Pick<Ctx, 'user' | 'db'>, id: string, lock = false) {
  const order = await repo.findOrder(ctx.db, id, lock);
  const part = order ? partIn(ctx, order) : null;
  if (!order || !part) throw new NotFoundError(m.orderNotFound);
  return { order, part };
}

/** An order as the API answers it, with its lines, timeline and what `part` may do with it now. */
export async function presentOrder(ctx: Pick<Ctx, 'db'>, order: Order, part: OrderActor | null): Promise<OrderOut> {
  const [lines, events] = await Promise.all([repo.orderLinesOf(ctx.db, order.id), repo.orderEventsOf(ctx.db, order.id)]);
  const actions = part
    ? actionsFor(order.status, part).filter((a) => a !== 'place' && a !== 'pay' && !(a === 'refund' && order.refundedCents >= order.totalCents))
    : [];
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    buyer: { id: order.buyerId, name: order.buyerName, email: order.email, role: order.buyerRole },
    dealer: order.dealerId && order.dealerName ? { id: order.dealerId, name: order.dealerName } : null,
    phone: order.phone,
    locale: order.locale === 'fr' ? 'fr' : 'en',
    paymentMethod: order.paymentMethod,
    paymentProvider: order.paymentProvider,
    shippingAddress: order.shippingAddress,
    shippingMethodId: order.shippingMethod as OrderOut['shippingMethodId'],
    lines: lines.map((l) => ({ productId: l.productId, sku: l.sku, name: l.name, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxes: order.taxes,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    coupon: order.couponCode && order.couponPercent !== null ? { code: order.couponCode, discountPercent: order.couponPercent } : null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    paymentDueAt: iso(order.paymentDueAt),
    settledAt: iso(order.settledAt),
    stockHeldUntil: order.status === 'pending_payment' ? iso(order.stockHeldUntil) : null,
    timeline: events.map(({ event: e, actorName }) => ({
      id: e.id,
      action: e.action,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actorRole: e.actorRole,
      actorName: e.actorRole === 'system' ? null : actorName,
      note: e.note,
      amountCents: e.amountCents,
      at: e.createdAt.toISOString(),
    })),
    actions,
  };
}

/** GET /api/v1/orders/:id: the order, for an admin, its buyer or its dealer. */
export async function getOrder(ctx: Ctx, id: string): Promise<OrderOut> {
  const { order, part } = await visibleOrder(ctx, id);
  return presentOrder(ctx, order, part);
}
