import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { CouponListQuery } from '@meltway/shared/cart-checkout/coupon.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { categories } from '../../db/schema/catalogue.js';
import { coupons } from '../../db/schema/commerce.js';

export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const withCategory = { coupon: coupons, categoryName: categories.name };

/** Coupons, newest first, with their category's name; one page when asked, all otherwise. */
export function listCoupons(db: Db, q: z.output<typeof CouponListQuery>) {
  const like = q.q ? `%${escapeLike(q.q)}%` : undefined;
  const query = db
    .select(withCategory)
    .from(coupons)
    .leftJoin(categories, eq(categories.id, coupons.categoryId))
    .where(like ? or(ilike(coupons.name, like), ilike(coupons.code, like), ilike(coupons.description, like)) : undefined)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .$dynamic();
  if (!q.page && !q.pageSize) return query;
  const size = q.pageSize ?? 10;
  return query.limit(size).offset(((q.page ?? 1) - 1) * size);
}

export const findCoupon = async (db: Db, id: string) =>
  (await db.select(withCategory).from(coupons).leftJoin(categories, eq(categories.id, coupons.categoryId)).where(eq(coupons.id, id)).limit(1))[0];

/** The coupon's row, locked until the transaction ends (redemptions take the same lock). */
export const lockCoupon = async (db: Db, id: string) => (await db.select().from(coupons).where(eq(coupons.id, id)).for('update'))[0];

export const insertCoupon = async (db: Db, values: CouponValues) => (await db.insert(coupons).values(values).returning({ id: coupons.id }))[0]!;

export const updateCoupon = async (db: Db, id: string, values: Partial<CouponValues>) =>
  (await db.update(coupons).set({ ...values, updatedAt: sql`now()` }).where(eq(coupons.id, id)).returning({ id: coupons.id }))[0];

export const deleteCoupon = async (db: Db, id: string) => (await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id }))[0];
