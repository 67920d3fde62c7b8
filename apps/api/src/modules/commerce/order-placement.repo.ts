import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import type { Mail } from '../../lib/mailer.js';
import { mailJob } from '../../lib/outbox.js';
import { products } from '../../db/schema/catalogue.js';
import { couponRedemptions, coupons, orderEvents, orderLines, orders } from '../../db/schema/commerce.js';

export type NewOrder = typeof orders.$inferInsert;
/** A line as placement writes it: with its id, made here, so the row written is known without reading it back. */
export type NewOrderLine = typeof orderLines.$inferInsert & { id: string };

/**
 * Serialises placements under one buyer's Idempotency-Key until the transaction ends: a duplicate sent
 * in parallel waits for the first, then finds its order. The unique (scope, key) constraint backs it.
 */
export const lockIdempotencyKey = (db: Db, scope: string, key: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order ${scope} ${key}`}, 0))`);

export const findByIdempotencyKey = async (db: Db, scope: string, key: string) =>
  (
    await db
      .select({ id: orders.id, requestHash: orders.requestHash })
      .from(orders)
      .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)))
      .limit(1)
  )[0];

/**
 * Takes `quantity` of a product on sale in one conditional statement, or nothing when fewer are left:
 * concurrent placements re-check the row as it stands once the one before them commits, so stock never
 * goes below zero (and the check constraint products_stock_not_negative backs it).
 */
export const takeStock = async (db: Db, productId: string, quantity: number) =>
  (
    await db
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}` })
      .where(and(eq(products.id, productId), eq(products.active, true), gte(products.stock, quantity)))
      .returning({ stock: products.stock })
  )[0];

export const stockOf = async (db: Db, productId: string) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).limit(1))[0]?.stock ?? 0;

/**
 * Inserts an order numbered from the database sequence in the same statement (never random, never
 * reused): `MW-{year}-` and the number, at least six digits, as formatOrderNumber writes it.
 */
export const insertOrder = async (db: Db, year: number, values: Omit<NewOrder, 'number'>) =>
  (
    await db
      .insert(orders)
      .values({
        ...values,
        number: sql`(select ${`MW-${year}-`} || lpad(n::text, greatest(6, length(n::text)), '0') from nextval('order_number_seq') as n)`,
      })
      .returning()
  )[0]!;

/**
 * What placing writes after the order, in one statement: its lines, its first timeline entry and the
 * buyer's mail queued (data-modifying CTEs run whether or not the statement reads them). Answers the entry.
 */
export const insertPlacedRecords = async (db: Db, lines: NewOrderLine[], event: typeof orderEvents.$inferInsert, mail: Mail) =>
  (
    await db
      .with(mailJob(db, mail), db.$with('placed_lines', {}).as(db.insert(orderLines).values(lines).getSQL()))
      .insert(orderEvents)
      .values(event)
      .returning()
  )[0]!;

/** The coupon's use by an order, which the per-customer limit counts by buyer. */
export const insertRedemption = (db: Db, couponId: string, orderId: string, buyerKey: string) => db.insert(couponRedemptions).values({ couponId, orderId, buyerKey });

/** One more order placed with the coupon (never past its limit: coupons_used_within_limit). */
export const countCouponUse = (db: Db, couponId: string) =>
  db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(eq(coupons.id, couponId));

/**
 * Keeps the card payment's reference on its order, once (a later fresh payment is the payment routes' affair).
 * Prepared once: every card order placed runs it, outside the placement's transaction.
 */
export const setPaymentRef = (db: Db, orderId: string, ref: string) =>
  preparedOnce(db, 'orders.set_payment_ref', (name) =>
    db
      .update(orders)
      .set({ paymentRef: sql`${sql.placeholder('ref')}::text`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.paymentRef)))
      .prepare(name),
  ).execute({ orderId, ref });
