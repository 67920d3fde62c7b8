import { and, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { categories } from '../../db/schema/catalogue.js';
import { couponRedemptions, coupons } from '../../db/schema/commerce.js';

export type CouponRow = typeof coupons.$inferSelect & { categoryName: string | null; categoryNameFr: string | null };

/**
 * The coupon a code names, compared case-insensitively (the unique index on lower(code)), with its
 * category's names. `lock` takes the coupon's row lock (inside a transaction) to count a use.
 */
export async function findCouponByCode(db: Db, code: string, lock = false): Promise<CouponRow | undefined> {
  const query = db
    .select({ coupon: coupons, categoryName: categories.name, categoryNameFr: categories.nameFr })
    .from(coupons)
    .leftJoin(categories, eq(categories.id, coupons.categoryId))
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  const row = (await (lock ? query.for('update', { of: coupons }) : query))[0];
  return row ? { ...row.coupon, categoryName: row.categoryName, categoryNameFr: row.categoryNameFr } : undefined;
}

/** Orders (not cancelled) one buyer (`user:<id>` or `guest:<email>`) placed with a coupon. */
export const countRedemptions = async (db: Db, couponId: string, buyerKey: string) =>
  (await db.select({ n: count() }).from(couponRedemptions).where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.buyerKey, buyerKey))))[0]?.n ?? 0;

const dealer = alias(users, 'dealer');

/** What an order needs of its signed-in buyer, with the commission percent of a contractor's dealer now. */
export async function findBuyer(db: Db, id: string) {
  const row = (
    await db
      .select({
        id: users.id,
        role: users.role,
        status: users.status,
        fullname: users.fullname,
        email: users.email,
        phone: users.phone,
        phoneCode: users.phoneCode,
        dealerId: users.dealerId,
        dealerName: dealer.fullname,
        dealerCommission: sql<string | null>`${dealer.dealerData} ->> 'commission'`,
      })
      .from(users)
      .leftJoin(dealer, eq(dealer.id, users.dealerId))
      .where(eq(users.id, id))
      .limit(1)
  )[0];
  if (!row) return undefined;
  const commission = row.dealerCommission === null ? null : Number(row.dealerCommission);
  return { ...row, dealerCommission: commission !== null && Number.isFinite(commission) ? commission : null };
}
export type BuyerRow = NonNullable<Awaited<ReturnType<typeof findBuyer>>>;
