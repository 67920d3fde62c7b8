import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@meltway/shared/orders/order-states';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import type { Bookmark } from '../../lib/creation-pages.js';
import { creationOrder, creationPart, type CreationPart } from '../../lib/creation-order.js';
import { sortedBy, sortingName, type Sorting } from '../../lib/list-sorting.js';
import { users } from '../../db/schema/accounts.js';
import { orderEvents, orderLines, orders } from '../../db/schema/commerce.js';

export type NewOrderEvent = typeof orderEvents.$inferInsert;

const dealer = alias(users, 'dealer');

/** An order with its dealer's name. `lock` takes the order's row lock (inside a transaction) for a change. */
export async function findOrder(db: Db, id: string, lock = false) {
  const query = db.select({ order: orders, dealerName: dealer.fullname }).from(orders).leftJoin(dealer, eq(dealer.id, orders.dealerId)).where(eq(orders.id, id)).limit(1);
  const row = (await (lock ? query.for('update', { of: orders }) : query))[0];
  return row ? { ...row.order, dealerName: row.dealerName } : undefined;
}

export const orderLinesOf = (db: Db, orderId: string) => db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));

export const orderEventsOf = (db: Db, orderId: string) =>
  db
    .select({ event: orderEvents, actorName: users.fullname })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));

/** Adds a timeline entry; call it in the transaction of the change it records. */
export const insertOrderEvent = async (db: Db, event: NewOrderEvent) => (await db.insert(orderEvents).values(event).returning())[0]!;

export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRead = Awaited<ReturnType<typeof orderEventsOf>>[number];

/**
 * What a list of orders is narrowed to: the reader's scope and the query's filters together. Times are
 * ISO strings (the bounds of Eastern-time days); `like` patterns are escaped already.
 */
export type OrderFilters = {
  buyerId?: string;
  dealerId?: string;
  status?: OrderStatus;
  fromAt?: string;
  toAt?: string;
  buyerLike?: string;
  numberLike?: string;
};

const FILTER_KEYS = ['buyerId', 'dealerId', 'status', 'fromAt', 'toAt', 'buyerLike', 'numberLike'] as const satisfies readonly (keyof OrderFilters)[];
const shapeOf = (f: OrderFilters) => FILTER_KEYS.map((k) => (f[k] ? 1 : 0)).join('');
const ph = sql.placeholder;

/** The WHERE of an order list, with placeholders for the filters that are present; `start` adds "at or before the bookmark". */
function orderWhere(f: OrderFilters, extra: CreationPart | null) {
  const conds: SQL[] = [];
  if (f.buyerId) conds.push(sql`${orders.buyerId} = ${ph('buyerId')}::uuid`);
  if (f.dealerId) conds.push(sql`${orders.dealerId} = ${ph('dealerId')}::uuid`);
  if (f.status) conds.push(sql`${orders.status} = ${ph('status')}::order_status`);
  if (f.fromAt) conds.push(sql`${orders.createdAt} >= ${ph('fromAt')}::timestamptz`);
  if (f.toAt) conds.push(sql`${orders.createdAt} < ${ph('toAt')}::timestamptz`);
  if (f.buyerLike) conds.push(or(ilike(orders.buyerName, ph('buyerLike')), ilike(orders.email, ph('buyerLike')))!);
  if (f.numberLike) conds.push(ilike(orders.number, ph('numberLike')));
  if (extra) conds.push(creationPart(orders, extra));
  return conds.length ? and(...conds) : undefined;
}

const newestFirst = creationOrder(orders);

/** A sort of the order list other than newest first; id breaks ties so paging never repeats or skips a row. */
export type OrderSorting = Sorting<'created_at' | 'total' | 'status'>;
const SORT_COLUMNS = { created_at: orders.createdAt, total: orders.totalCents, status: orders.status } as const;

/** Orders matching `f`: all of them, or those created at or before (`settled`) or after (`recent`) `horizon`. */
export async function countOrders(db: Db, f: OrderFilters, part: 'all' | 'settled' | 'recent' = 'all', horizon?: Date) {
  const statement = preparedOnce(db, `orders.count.${part}.${shapeOf(f)}`, (name) =>
    db.select({ n: count() }).from(orders).where(orderWhere(f, part === 'all' ? null : part)).prepare(name),
  );
  return (await statement.execute({ ...f, horizon: horizon?.toISOString() }))[0]?.n ?? 0;
}

/** The place of the order `offset` rows from the oldest (`asc`), or newest first from `start` (`desc`). */
export async function orderBookmark(db: Db, f: OrderFilters, dir: 'asc' | 'desc', start: Bookmark | null, offset: number): Promise<Bookmark | null> {
  const statement = preparedOnce(db, `orders.bookmark.${dir}.${start ? 'start' : 'end'}.${shapeOf(f)}`, (name) =>
    db
      .select({ createdAt: sql<string>`${orders.createdAt}::text`, id: orders.id })
      .from(orders)
      .where(orderWhere(f, start ? 'start' : null))
      .orderBy(...creationOrder(orders, dir))
      .limit(1)
      .offset(ph('offset'))
      .prepare(name),
  );
  return (await statement.execute({ ...f, startAt: start?.createdAt, startId: start?.id, offset }))[0] ?? null;
}

/** What a row of the order list shows: the CSV export reads whole orders instead. */
const summaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  createdAt: orders.createdAt,
  buyerName: orders.buyerName,
  email: orders.email,
  buyerRole: orders.buyerRole,
  paymentMethod: orders.paymentMethod,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
};

/**
 * Up to `limit` orders newest first, `offset` past `start` (inclusive) or past the newest, each with
 * its dealer's name, its number of items and its place for the next batch. The page's ids come from
 * the index first; only those rows are read, and of them only what the list shows (`whole` for all).
 */
function orderPage<Whole extends boolean>(db: Db, f: OrderFilters, start: Bookmark | null, offset: number, limit: number, whole: Whole, sorting?: OrderSorting, recentAfter?: Date) {
  const by = sortedBy(SORT_COLUMNS, orders.id, sorting, newestFirst);
  const counted = recentAfter ? 'counted' : 'uncounted';
  const statement = preparedOnce(db, `orders.page.${whole ? 'whole' : 'summary'}.${start ? 'start' : 'top'}.${sortingName(sorting)}.${counted}.${shapeOf(f)}`, (name) => {
    const page = db
      .select({ id: orders.id })
      .from(orders)
      .where(orderWhere(f, start ? 'start' : null))
      .orderBy(...by)
      .limit(ph('limit'))
      .offset(ph('offset'))
      .as('page');
    return db
      .select({
        order: (whole ? orders : summaryColumns) as Whole extends true ? typeof orders : typeof summaryColumns,
        dealerName: dealer.fullname,
        itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
        place: sql<string>`${orders.createdAt}::text`,
        // With `recentAfter`, the rows created after it, counted in the same statement (once: it does not depend on the row).
        recent: recentAfter ? sql<number | null>`(select count(*)::int from ${orders} where ${orderWhere(f, 'recent')})` : sql<number | null>`null::int`,
      })
      .from(page)
      .innerJoin(orders, eq(orders.id, page.id))
      .leftJoin(dealer, eq(dealer.id, orders.dealerId))
      .orderBy(...by)
      .prepare(name);
  });
  return statement.execute({ ...f, startAt: start?.createdAt, startId: start?.id, offset, limit, horizon: recentAfter?.toISOString() });
}

/** A page of the order list (see orderPage). */
export const pageOrders = (db: Db, f: OrderFilters, start: Bookmark | null, offset: number, limit: number, sorting?: OrderSorting) =>
  orderPage(db, f, start, offset, limit, false, sorting);

/** `limit` orders newest first past the newest `offset`, and the orders created after `horizon`: one statement. */
export async function pageAndRecentOrders(db: Db, f: OrderFilters, offset: number, limit: number, horizon: Date) {
  const rows = await orderPage(db, f, null, offset, limit, false, undefined, horizon);
  return { rows, recent: rows[0]?.recent ?? null };
}

/** A batch of whole orders, for the CSV export (see orderPage). */
export const pageWholeOrders = (db: Db, f: OrderFilters, start: Bookmark | null, offset: number, limit: number, sorting?: OrderSorting) =>
  orderPage(db, f, start, offset, limit, true, sorting);

export type OrderListRow = Awaited<ReturnType<typeof pageOrders>>[number];

/**
 * Orders placed in [from, to) that went through (neither cancelled nor awaiting a card payment), with
 * `dealerId` for one dealer's: how many, and their goods after discount net of each refund's share.
 */
export async function orderFigures(db: Db, from: Date, to: Date, dealerId?: string) {
  const goods = sql`(${orders.subtotalCents} - ${orders.discountCents})`;
  const conds: SQL[] = [
    sql`${orders.createdAt} >= ${from.toISOString()}::timestamptz`,
    sql`${orders.createdAt} < ${to.toISOString()}::timestamptz`,
    sql`${orders.status} not in ('cancelled', 'pending_payment')`,
  ];
  if (dealerId) conds.push(eq(orders.dealerId, dealerId));
  const [row] = await db
    .select({
      n: count(),
      revenue: sql<number>`coalesce(sum(${goods} - case when ${orders.totalCents} > 0 then round(${goods}::numeric * ${orders.refundedCents} / ${orders.totalCents}) else 0 end), 0)::bigint`,
    })
    .from(orders)
    .where(and(...conds));
  return { orders: row?.n ?? 0, revenueCents: Number(row?.revenue ?? 0) };
}
