import { codeOf } from '@meltway/shared/common/message-codes';
import { actionsFor, type OrderAction, type OrderActor } from '@meltway/shared/orders/order-states';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { OrderExportQuery, OrderListQuery, OrderOut, OrderSummaryOut } from '@meltway/shared/orders/order.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { creationPage, type Bookmark, type CreationList } from '../../lib/creation-pages.js';
import { csvRows, toCsv } from '../../lib/csv.js';
import { actor, type Ctx } from '../../lib/ctx.js';
import { NotFoundError } from '../../lib/errors.js';
import { sortingOf } from '../../lib/list-sorting.js';
import { easternMidnight, easternMonth, monthBounds, nextDay } from '../../lib/eastern-time.js';
import { invoiceFileName, invoicePdf, orderCouponTerms } from './invoices.js';
import * as repo from './orders.repo.js';

type Order = NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>;

/**
 * An order by id with its dealer's name, locked for update inside the caller's transaction when `lock`. No
 * visibility check (`visibleOrder` has one): for placement and payment events, which act as the system.
 */
export const findOrder = (db: Db, id: string, lock = false) => repo.findOrder(db, id, lock);

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

/**
 * Whether an action the transitions table allows from the order's status applies to this order: place and
 * pay are not people's to take, a refund needs money left to refund, and only an unsettled on-account
 * invoice can be settled.
 */
export function openTo(order: Pick<Order, 'refundedCents' | 'totalCents' | 'paymentMethod' | 'settledAt'>, action: OrderAction) {
  if (action === 'place' || action === 'pay') return false;
  if (action === 'refund') return order.refundedCents < order.totalCents;
  if (action === 'settle') return order.paymentMethod === 'account' && !order.settledAt;
  return true;
}

/** An order's lines and timeline, when the caller has them already (the placement that just wrote them). */
export type OrderParts = { lines: repo.OrderLineRow[]; events: repo.OrderEventRead[] };

const partsOf = async (db: Ctx['db'], orderId: string): Promise<OrderParts> => {
  const [lines, events] = await Promise.all([repo.orderLinesOf(db, orderId), repo.orderEventsOf(db, orderId)]);
  return { lines, events };
};

/** An order as the API answers it, with its lines, timeline and what `part` may do with it now. */
export async function presentOrder(ctx: Pick<Ctx, 'db'>, order: Order, part: OrderActor | null, known?: OrderParts): Promise<OrderOut> {
  const { lines, events } = known ?? (await partsOf(ctx.db, order.id));
  const actions = part ? actionsFor(order.status, part).filter((a) => openTo(order, a)) : [];
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
    lines: lines.map((l) => ({ productId: l.productId, sku: l.sku, name: l.name, nameFr: l.nameFr, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxes: order.taxes,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    coupon: orderCouponTerms(order),
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
      ...(e.actorRole === 'system' && e.note && codeOf(e.note) ? { noteCode: codeOf(e.note) } : {}),
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

type ListQuery = z.output<typeof OrderListQuery>;
type Filters = z.output<typeof OrderExportQuery>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The reader's scope joined with the query's filters: admins see every order (and may ask for one
 * buyer's or one dealer's), a dealer the orders filed under it, anyone else their own. Null when the
 * query asks for what the scope excludes (another dealer's orders): an empty list, not an error.
 */
function filtersFor(ctx: Ctx, q: Filters): repo.OrderFilters | null {
  const me = actor(ctx);
  let { buyerId, dealerId } = q;
  if (me.role === 'dealer') {
    if (dealerId && dealerId !== me.id) return null;
    dealerId = me.id;
  } else if (me.role !== 'admin') {
    if (buyerId && buyerId !== me.id) return null;
    buyerId = me.id;
  }
  return {
    buyerId,
    dealerId,
    status: q.status,
    fromAt: q.from ? easternMidnight(q.from).toISOString() : undefined,
    toAt: q.to ? easternMidnight(nextDay(q.to)).toISOString() : undefined,
    buyerLike: q.buyer ? `%${escapeLike(q.buyer)}%` : undefined,
    numberLike: q.q ? `%${escapeLike(q.q)}%` : undefined,
  };
}

const summaryOf = (r: repo.OrderListRow): OrderSummaryOut => ({
  id: r.order.id,
  number: r.order.number,
  status: r.order.status,
  created_at: r.order.createdAt.toISOString(),
  buyerName: r.order.buyerName,
  buyerEmail: r.order.email,
  buyerRole: r.order.buyerRole,
  dealerName: r.dealerName,
  itemCount: r.itemCount,
  paymentMethod: r.order.paymentMethod,
  totalCents: r.order.totalCents,
  refundedCents: r.order.refundedCents,
});

/**
 * GET /api/v1/orders: a page newest first and the total, scoped to the reader. A list narrowed only by
 * buyer or dealer (every reader's default) pages from bookmarks, so page 1,000 costs what page 1 does;
 * other filters skip rows as usual.
 */
export async function listOrders(ctx: Ctx, q: ListQuery): Promise<{ items: OrderSummaryOut[]; total: number }> {
  const f = filtersFor(ctx, q);
  if (!f) return { items: [], total: 0 };
  // Newest first is the default; any other sort pages by offset on its own key and id.
  const sorting = sortingOf(q);
  if (!sorting && !f.status && !f.fromAt && !f.toAt && !f.buyerLike && !f.numberLike) {
    const scope: repo.OrderFilters = { buyerId: f.buyerId, dealerId: f.dealerId };
    const list: CreationList<repo.OrderListRow> = {
      key: `orders|${f.buyerId ?? ''}|${f.dealerId ?? ''}`,
      count: (part, horizon) => repo.countOrders(ctx.db, scope, part, horizon),
      bookmark: (dir, start, offset) => repo.orderBookmark(ctx.db, scope, dir, start, offset),
      page: (start, offset, limit) => repo.pageOrders(ctx.db, scope, start, offset, limit),
      pageAndRecent: (offset, limit, horizon) => repo.pageAndRecentOrders(ctx.db, scope, offset, limit, horizon),
    };
    const { items, total } = await creationPage(ctx.db, list, ctx.now, q.page, q.pageSize);
    return { items: items.map(summaryOf), total };
  }
  const [rows, total] = await Promise.all([repo.pageOrders(ctx.db, f, null, (q.page - 1) * q.pageSize, q.pageSize, sorting), repo.countOrders(ctx.db, f)]);
  return { items: rows.map(summaryOf), total };
}

const CSV_BATCH = 500;
const dollars = (cents: number) => (cents / 100).toFixed(2);
const ORDER_CSV_HEADER = [
  'number', 'created_at', 'status', 'buyer_name', 'buyer_email', 'buyer_role', 'dealer', 'payment_method', 'items',
  'subtotal_cad', 'discount_cad', 'shipping_cad', 'tax_cad', 'total_cad', 'refunded_cad', 'coupon', 'province', 'country',
] as const;

/**
 * GET /api/v1/orders/export.csv: every order of the filtered list, newest first, read in batches from
 * one bookmark to the next so the document streams whatever its size. Amounts in dollars (CAD).
 */
export async function* ordersCsv(ctx: Ctx, q: Filters): AsyncGenerator<string> {
  yield toCsv(ORDER_CSV_HEADER, []);
  const f = filtersFor(ctx, q);
  if (!f) return;
  const sorting = sortingOf(q);
  let start: Bookmark | null = null;
  let read = 0;
  for (;;) {
    // Newest first steps from bookmark to bookmark; another sort steps by offset on its key and id.
    const rows: Awaited<ReturnType<typeof repo.pageWholeOrders>> = sorting
      ? await repo.pageWholeOrders(ctx.db, f, null, read, CSV_BATCH, sorting)
      : await repo.pageWholeOrders(ctx.db, f, start, start ? 1 : 0, CSV_BATCH);
    read += rows.length;
    yield csvRows(
      rows.map(({ order: o, dealerName, itemCount }) => [
        o.number, o.createdAt.toISOString(), o.status, o.buyerName, o.email, o.buyerRole, dealerName, o.paymentMethod, itemCount,
        dollars(o.subtotalCents), dollars(o.discountCents), dollars(o.shippingCents), dollars(o.taxCents), dollars(o.totalCents),
        dollars(o.refundedCents), o.couponCode, o.shippingAddress.province, o.shippingAddress.country,
      ]),
    );
    const last = rows.at(-1);
    if (!last || rows.length < CSV_BATCH) return;
    start = { createdAt: last.place, id: last.order.id };
  }
}

/** GET /api/v1/orders/:id/invoice.pdf: the order's invoice in its language, for whoever may see the order. */
export async function orderInvoice(ctx: Ctx, id: string) {
  const order = await getOrder(ctx, id);
  return { fileName: invoiceFileName(order), pdf: await invoicePdf(order, ctx.now) };
}

/** The dashboard's order figures for a month: every order for admins, a dealer's own for a dealer. */
export async function monthOrderFigures(ctx: Ctx, month = easternMonth(ctx.now)) {
  const me = actor(ctx);
  const { from, to } = monthBounds(month);
  return repo.orderFigures(ctx.db, from, to, me.role === 'dealer' ? me.id : undefined);
}
