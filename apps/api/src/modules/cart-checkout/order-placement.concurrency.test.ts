import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, orderLines, orders, transactions } from '../../db/schema/commerce.js';
import { makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { address, addToCart, couponRow, guestEmail, makeCoupon, placeAs, setCreditLimit, setStock, stockOf } from '../../test/checkout-fixtures.js';
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

  it('10 parallel placements of one 1-unit cart with different Idempotency-Keys make one order, by card and on account, 5 rounds each', async () => {
    const mat = await product();
    const dealer = await actorOf(t, 'dealer');
    await setCreditLimit(t, admin, dealer.user.id, 100_000_000);
    const counts: string[] = [];
    for (const paymentMethod of ['card', 'account'] as const) {
      for (let round = 0; round < 5; round++) {
        const before = await stockOf(t, mat.id);
        const ordersBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.buyerId, dealer.user.id)))[0]!.n;
        const owed = async () => (await t.app.inject({ method: 'GET', url: `/api/v1/users/${dealer.user.id}/credit`, headers: admin.auth })).json().owedCents as number;
        const owedBefore = await owed();
        await addToCart(t, dealer, mat.id, 1);
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => placeAs(t, dealer, { shippingAddress: address('ON'), paymentMethod }, `cart-${paymentMethod}-${round}-${i}-${Date.now()}`)),
        );
        const placed = results.filter((r) => r.statusCode === 201);
        const empty = results.filter((r) => r.statusCode === 400 && r.json().code === 'commerce.cartEmpty');
        expect([placed.length, empty.length]).toEqual([1, 9]);
        const made = await t.db.select().from(orders).where(eq(orders.buyerId, dealer.user.id));
        expect(made.length - ordersBefore).toBe(1);
        // One unit taken; from the second card round on, the card order before it is replaced and gives its unit back.
        expect(await stockOf(t, mat.id)).toBe(before - 1 + (paymentMethod === 'card' && round > 0 ? 1 : 0));
        if (paymentMethod === 'account') {
          const charges = await t.db.select().from(transactions).where(and(eq(transactions.orderId, placed[0]!.json().id), eq(transactions.kind, 'account_charge')));
          expect(charges.map((c) => c.amountCents)).toEqual([placed[0]!.json().totalCents]);
          // The account is charged once: what the dealer owes grows by the one order's total.
          expect((await owed()) - owedBefore).toBe(placed[0]!.json().totalCents);
          counts.push(`${paymentMethod} ${placed.length}/${empty.length} charged ${(await owed()) - owedBefore}`);
        } else counts.push(`${paymentMethod} ${placed.length}/${empty.length}`);
      }
    }
    process.stdout.write(`[cart, PostgreSQL] 10 parallel placements of one cart, orders/empty-cart answers per round: ${counts.join('; ')}\n`);
  });

  it('8 parallel card checkouts of one buyer, each filling the cart and placing 3 times, leave at most one unpaid order holding stock, 3 rounds', async () => {
    const buyer = await actorOf(t, 'customer');
    const counts: string[] = [];
    for (let round = 0; round < 3; round++) {
      const mat = await product();
      await setStock(t, mat.id, 10_000);
      // Each of 8 checkouts fills the cart and places, 3 times over, so placements and refills interleave.
      const results = (
        await Promise.all(
          Array.from({ length: 8 }, async (_, i) => {
            const answers = [];
            for (let j = 0; j < 3; j++) {
              await t.app.inject({ method: 'PUT', url: `/api/v1/cart/items/${mat.id}`, headers: buyer.auth, payload: { quantity: 100 } });
              answers.push(await placeAs(t, buyer, { shippingAddress: address('ON'), paymentMethod: 'card' }, `hold-${round}-${i}-${j}-${Date.now()}`));
            }
            return answers;
          }),
        )
      ).flat();
      expect(results.map((r) => r.statusCode).filter((s) => s !== 201 && s !== 400)).toEqual([]);
      const placed = results.filter((r) => r.statusCode === 201).length;
      const held = await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.buyerId, buyer.user.id), eq(orders.status, 'pending_payment'), isNull(orders.stockReleasedAt)));
      expect(placed).toBeGreaterThan(0);
      expect(held).toHaveLength(1);
      expect(await stockOf(t, mat.id)).toBe(10_000 - 100);
      counts.push(`${placed} placed, ${held.length} unpaid holding, ${10_000 - (await stockOf(t, mat.id))} units held`);
    }
    process.stdout.write(`[one unpaid card order, PostgreSQL] 8 parallel checkouts of one buyer: ${counts.join('; ')}\n`);
  });
});
