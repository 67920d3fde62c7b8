import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { orderEvents, orderLines, orders } from '../../db/schema/commerce.js';

export type OrderRow = typeof orders.$inferSelect;
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
export const insertOrderEvent = (db: Db, event: NewOrderEvent) => db.insert(orderEvents).values(event);
