import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import type { Mail } from '../../lib/mailer.js';
import { products } from '../../db/schema/catalogue.js';
import { couponRedemptions, coupons, orderEvents, orderLines, orders, outbox } from '../../db/schema/commerce.js';

export type NewOrder = typeof orders.$inferInsert;
/** A line as placement writes it: with its id, made here, so the row written is known without reading it back. */
export type NewOrderLine = typeof orderLines.$inferInsert & { id: string };

/**
 * Serialises placements under one buyer's Idempotency-Key until the transaction ends: a duplicate sent
 * in parallel waits for the first, then finds its order. The unique (scope, key) constraint backs it.
 */
export const lockIdempotencyKey = (db: Db, scope: string, key: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order ${scope} ${key}`}, 0))`);

/** The buyer's card orders still waiting for their payment and holding stock, under their row locks. */
export const unpaidCardOrders = async (db: Db, buyerId: string) =>
  (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.buyerId, buyerId), eq(orders.status, 'pending_payment'), eq(orders.paymentMethod, 'card'), isNull(orders.stockReleasedAt)))
      .orderBy(orders.createdAt)
      .for('update')
  ).map((r) => r.id);

export const findByIdempotencyKey = async (db: Db, scope: string, key: string) =>
  (
    await db
      .select({ id: orders.id, requestHash: orders.requestHash })
      .from(orders)
      .where(and(eq(orders.idempotencyScope, scope), eq(orders.idempotencyKey, key)))
      .limit(1)
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

/** The first timeline entry as placement writes it: id and time made here, so it is known without reading it back. */
export type PlacedEvent = Omit<typeof orderEvents.$inferInsert, 'id' | 'createdAt'> & { id: string; createdAt: Date };

/**
 * The last of what placing writes, in one statement: the order's lines, its first timeline entry, the
 * buyer's mail queued (data-modifying CTEs always run to completion), and the stock of every product taken.
 * The products' rows are locked in id order first, so two placements never wait on each other's rows in
 * opposite orders; each takes its quantity (a product's lines summed) only while the product is on sale
 * and has that many left, re-checked on the row as it stands once a concurrent placement commits, so stock
 * never goes below zero (products_stock_not_negative backs it). Answers the ids of the products taken:
 * fewer than asked means the placement must be rolled back.
 */
export async function writePlacement(db: Db, lines: NewOrderLine[], event: PlacedEvent, mail: Mail): Promise<Set<string>> {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  const lineRows = sql.join(
    lines.map(
      (l) =>
        sql`(${l.id}::uuid, ${l.orderId}::uuid, ${l.position}::int, ${l.productId}::uuid, ${l.categoryId ?? null}::uuid, ${l.sku}, ${l.name}, ${l.nameFr ?? null}, ${l.unitPriceCents}::int, ${l.quantity}::int, ${l.lineTotalCents}::int)`,
    ),
    sql`, `,
  );
  const wantedRows = sql.join(
    [...wanted].map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  // One product's row is simply updated; several are locked in id order first.
  const several = wanted.size > 1;
  const lockInOrder = several ? sql`, locked as materialized (select p."id" from ${products} p where p."id" in (select "id" from wanted) order by p."id" for update)` : sql``;
  const onlyLocked = several ? sql` and p."id" in (select "id" from locked)` : sql``;
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with placed_mail as (
      insert into ${outbox} ("kind", "payload") values ('mail', ${JSON.stringify(mail)}::jsonb)
    ), placed_lines as (
      insert into ${orderLines} ("id", "order_id", "position", "product_id", "category_id", "sku", "name", "name_fr", "unit_price_cents", "quantity", "line_total_cents")
      values ${lineRows}
    ), placed_event as (
      insert into ${orderEvents} ("id", "order_id", "action", "from_status", "to_status", "actor_role", "actor_id", "created_at")
      values (${event.id}::uuid, ${event.orderId}::uuid, ${event.action}::order_action, ${event.fromStatus ?? null}::order_status,
        ${event.toStatus}::order_status, ${event.actorRole}::order_actor, ${event.actorId ?? null}::uuid, ${event.createdAt.toISOString()}::timestamptz)
    ), wanted ("id", "quantity") as (
      values ${wantedRows}
    )${lockInOrder}
    update ${products} p set "stock" = p."stock" - w."quantity"
    from wanted w
    where p."id" = w."id"${onlyLocked} and p."active" and p."stock" >= w."quantity"
    returning p."id"`)) as unknown as { rows: { id: string }[] };
  return new Set(result.rows.map((r) => r.id));
}

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
