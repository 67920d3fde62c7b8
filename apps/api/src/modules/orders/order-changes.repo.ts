import { and, asc, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/catalogue.js';
import { couponRedemptions, coupons, orderLines, orders, transactions } from '../../db/schema/commerce.js';

export type OrderChange = Partial<Pick<typeof orders.$inferInsert, 'status' | 'carrier' | 'trackingNumber' | 'settledAt' | 'refundedCents' | 'stockHeldUntil' | 'paymentRef'>>;

/** Writes a change of an order (whose row lock the caller holds). */
export const updateOrder = async (db: Db, id: string, change: OrderChange, at: Date) => {
  await db.update(orders).set({ ...change, updatedAt: at }).where(eq(orders.id, id));
};

/**
 * Gives an order's stock back, once: `stock_released_at` is set by the same statement that finds it unset,
 * so a second release (a cancel after the hold expired, two processes) gives nothing. Products are updated
 * in id order, as placement takes them, so the two never wait on each other in a cycle.
 */
export async function releaseStock(db: Db, orderId: string, at: Date): Promise<boolean> {
  const released = await db
    .update(orders)
    .set({ stockReleasedAt: at })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  if (!released.length) return false;
  const lines = await db
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .groupBy(orderLines.productId)
    .orderBy(asc(orderLines.productId));
  // A product deleted since keeps no stock to give back to: its update finds no row.
  for (const line of lines) await db.update(products).set({ stock: sql`${products.stock} + ${line.quantity}` }).where(eq(products.id, line.productId));
  return true;
}

/** The coupon an order used, if its use still counts, and whether the coupon is limited (placement locks those first). */
export const redeemedCoupon = async (db: Db, orderId: string) =>
  (
    await db
      .select({ id: coupons.id, limited: sql<boolean>`${coupons.usageLimit} is not null or ${coupons.perCustomerLimit} is not null` })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(couponRedemptions.orderId, orderId))
  )[0];

/** Takes a coupon's row lock. */
export const lockCoupon = async (db: Db, id: string) => {
  await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).for('update');
};

/** Gives an order's coupon use back: its redemption goes and the coupon's count comes down by one, once. */
export async function releaseCoupon(db: Db, orderId: string): Promise<boolean> {
  const [redemption] = await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).returning({ couponId: couponRedemptions.couponId });
  if (!redemption) return false;
  await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} - 1`, updatedAt: sql`now()` })
    .where(and(eq(coupons.id, redemption.couponId), gt(coupons.usedCount, 0)));
  return true;
}

const holdExpired = (now: Date) => and(eq(orders.status, 'pending_payment'), isNull(orders.stockReleasedAt), lte(orders.stockHeldUntil, now));

/** Unpaid card orders whose hold has run out, oldest first. */
export const expiredHolds = async (db: Db, now: Date, limit: number) =>
  (await db.select({ id: orders.id }).from(orders).where(holdExpired(now)).orderBy(asc(orders.stockHeldUntil)).limit(limit)).map((r) => r.id);

/**
 * Locks an order whose hold has run out, if it still has and no one else holds it: a row another
 * transaction holds is skipped (it is being paid or cancelled, or released by another process).
 */
export const lockExpiredHold = async (db: Db, id: string, now: Date) =>
  (await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, id), holdExpired(now))).for('update', { skipLocked: true }))[0];

/** How many refunds an order has had: account refunds are numbered by it. */
export const countRefunds = async (db: Db, orderId: string) =>
  (await db.select({ n: count() }).from(transactions).where(and(eq(transactions.orderId, orderId), eq(transactions.kind, 'refund'))))[0]?.n ?? 0;
