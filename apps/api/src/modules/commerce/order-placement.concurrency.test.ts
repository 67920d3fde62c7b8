import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, orderLines, orders } from '../../db/schema/commerce.js';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { address, couponRow, guestEmail, makeCoupon, placeAs, setStock, stockOf } from '../../test/checkout-fixtures.js';
import { actorOf, createTestApp, onPostgres, type TestApp } from '../../test/harness.js';

/**
 * Limits under real concurrency, which only a PostgreSQL server has (PGlite runs one statement at a
 * time): guests place orders at the same moment, each its own request through the app.
 */
describe.skipIf(!onPostgres)('placing orders in parallel on PostgreSQL', () => {
  let t: TestApp;
  let categoryId: string;
  let admin: Awaited<ReturnType<typeof actorOf>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
    categoryId = (await makeCategory(t, admin.auth)).id;
  });
  afterAll(() => t.close());

  const product = () => makeProduct(t, admin.auth, categoryId, { price: 10_000, stock: 1_000_000 });
  const guestOrder = (lines: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
    placeAs(t, undefined, { items: lines, shippingAddress: address('ON'), email: guestEmail(), ...extra });
  const ordersOf = async (productId: string) =>
    (await t.db.select({ n: sql<number>`count(distinct ${orderLines.orderId})::int`, units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` }).from(orderLines).where(eq(orderLines.productId, productId)))[0]!;

  it('a single-use coupon redeemed by 50 parallel placements gives exactly one discounted order, 20 times over', async () => {
    const mat = await product();
    const rounds: string[] = [];
    for (let round = 0; round < 20; round++) {
      const coupon = await makeCoupon(t, { usageLimit: 1, discountPercent: 50 });
      const results = await Promise.all(Array.from({ length: 50 }, () => guestOrder([{ productId: mat.id, quantity: 1 }], { couponCode: coupon.code })));
      const placed = results.filter((r) => r.statusCode === 201);
      const refused = results.filter((r) => r.statusCode === 409);
      expect(placed).toHaveLength(1);
      expect(refused).toHaveLength(49);
      expect(refused.every((r) => r.json().code === 'commerce.couponUsedUp')).toBe(true);
      expect(placed[0]!.json()).toMatchObject({ discountCents: 5_000, coupon: { code: coupon.code } });
      expect((await couponRow(t, coupon.id)).usedCount).toBe(1);
      const withCoupon = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.couponId, coupon.id));
      const redemptions = await t.db.select({ n: sql<number>`count(*)::int` }).from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
      expect([withCoupon[0]!.n, redemptions[0]!.n]).toEqual([1, 1]);
      rounds.push(`${placed.length}/${refused.length}`);
    }
    process.stdout.write(`[coupon, PostgreSQL] 20 rounds of 50 parallel placements with a single-use coupon, discounted/refused: ${rounds.join(' ')}\n`);
  });

  it('a coupon without limits counts every one of 50 parallel uses', async () => {
    const mat = await product();
    const coupon = await makeCoupon(t, { discountPercent: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => guestOrder([{ productId: mat.id, quantity: 1 }], { couponCode: coupon.code })));
    expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
    expect((await couponRow(t, coupon.id)).usedCount).toBe(50);
  });

  it('200 parallel placements for the last 37 units make exactly 37 orders, and stock ends at 0', async () => {
    const mat = await product();
    await setStock(t, mat.id, 37);
    const results = await Promise.all(Array.from({ length: 200 }, () => guestOrder([{ productId: mat.id, quantity: 1 }])));
    const placed = results.filter((r) => r.statusCode === 201).length;
    const refused = results.filter((r) => r.statusCode === 409 && r.json().code === 'commerce.lineNotEnoughStock').length;
    expect([placed, refused]).toEqual([37, 163]);
    expect(await stockOf(t, mat.id)).toBe(0);
    expect(await ordersOf(mat.id)).toEqual({ n: 37, units: 37 });
    process.stdout.write(`[stock, PostgreSQL] 200 parallel placements for 37 units: ${placed} orders, ${refused} refused, stock left ${await stockOf(t, mat.id)}\n`);
  });

  it('the same when each order names the product on two lines: 2 units an order, 37 units make 18 orders', async () => {
    const mat = await product();
    await setStock(t, mat.id, 37);
    const twice = [
      { productId: mat.id, quantity: 1 },
      { productId: mat.id, quantity: 1 },
    ];
    const results = await Promise.all(Array.from({ length: 200 }, () => guestOrder(twice)));
    const placed = results.filter((r) => r.statusCode === 201).length;
    const refused = results.filter((r) => r.statusCode === 409 && r.json().code === 'commerce.lineNotEnoughStock').length;
    expect([placed, refused]).toEqual([18, 182]);
    // The odd unit stays: an order of two never takes one and leaves the stock at -1.
    expect(await stockOf(t, mat.id)).toBe(1);
    expect(await ordersOf(mat.id)).toEqual({ n: 18, units: 36 });
    process.stdout.write(`[stock, PostgreSQL] 200 parallel placements of two lines of one product for 37 units: ${placed} orders, ${refused} refused, stock left ${await stockOf(t, mat.id)}\n`);
  });

  it('two products bought in opposite orders by parallel placements neither deadlock nor oversell', async () => {
    const [a, b] = [await product(), await product()];
    await setStock(t, a.id, 25);
    await setStock(t, b.id, 25);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        guestOrder(
          i % 2
            ? [
                { productId: a.id, quantity: 1 },
                { productId: b.id, quantity: 1 },
              ]
            : [
                { productId: b.id, quantity: 1 },
                { productId: a.id, quantity: 1 },
              ],
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([0, 0]);
  });
});
