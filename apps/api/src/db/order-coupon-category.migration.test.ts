import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory } from '../test/catalogue-fixtures.js';
import { makeCoupon } from '../test/checkout-fixtures.js';
import { actorOf, createTestApp, type TestApp } from '../test/harness.js';
import { insertOrder } from '../test/order-read-fixtures.js';
import { orders } from './schema/commerce.js';

// Migration 0022 gives the orders placed before it the category their coupon is limited to, as far as it still can.

describe('migration 0022: the coupon category of orders placed before it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names the category of an order’s coupon when the coupon still exists and is limited to one, and nothing otherwise', async () => {
    const admin = await actorOf(t, 'admin');
    const customer = await actorOf(t, 'customer');
    const mats = await makeCategory(t, admin.auth);
    const named = await t.app.inject({ method: 'PUT', url: `/api/v1/categories/${mats.id}`, headers: admin.auth, payload: { name: mats.name, nameFr: 'Tapis' } });
    expect(named.statusCode, named.body).toBe(200);
    const limited = await makeCoupon(t, { discountPercent: 25, categoryId: mats.id });
    const whole = await makeCoupon(t, { discountPercent: 10 });
    const buyer = { id: customer.user.id, fullname: customer.user.fullname, email: customer.user.email, role: 'customer' };
    const place = async (couponId: string | null, code: string) => {
      const o = await insertOrder(t, { buyer, coupon: { code, percent: 10 } });
      await t.db.update(orders).set({ couponId }).where(eq(orders.id, o.id));
      return o.id;
    };
    const onLimited = await place(limited.id, limited.code);
    const onWhole = await place(whole.id, whole.code);
    const couponGone = await place(null, 'GONE');

    // The migration's last statement, as written in its file.
    const file = await readFile(new URL('./migrations/0022_order_coupon_category.sql', import.meta.url), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*(--.*\n)*UPDATE "orders"/);
    await t.db.execute(sql.raw(backfill));

    const names = async (id: string) =>
      (await t.db.select({ en: orders.couponCategoryName, fr: orders.couponCategoryNameFr }).from(orders).where(eq(orders.id, id)))[0];
    expect(await names(onLimited)).toEqual({ en: mats.name, fr: 'Tapis' });
    expect(await names(onWhole)).toEqual({ en: null, fr: null });
    expect(await names(couponGone)).toEqual({ en: null, fr: null });
  });
});
