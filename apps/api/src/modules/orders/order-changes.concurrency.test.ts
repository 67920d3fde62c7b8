import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionEntries, coupons, orderEvents, orders, outbox, transactions } from '../../db/schema/commerce.js';
import { signTestEvent, testProvider, type PaymentEvent } from '../../lib/payments.js';
import { makeProduct } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, onPostgres, type TestApp } from '../../test/harness.js';
import { makeCoupon, stockOf } from '../../test/checkout-fixtures.js';
import { orderWorld, placeOrder } from '../../test/order-fixtures.js';
import { releaseExpiredHolds } from './order-holds.service.js';

const KEY = 'concurrency test provider key';
const db = onPostgres ? 'PostgreSQL' : 'PGlite';

/** Changes of one order made at the same time: each limit holds, whatever order they land in. */
describe(`order changes at the same time (${db})`, () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof orderWorld>>;

  beforeAll(async () => {
    t = await createTestApp({ payments: testProvider(KEY) });
    w = await orderWorld(t);
  });
  afterAll(() => t.close());

  const place = (paymentMethod: 'card' | 'account' = 'card', couponCode?: string) =>
    placeOrder(t, { buyer: w.contractor, lines: [{ productId: w.product.id, quantity: 4 }], paymentMethod, couponCode });
  const webhook = (event: PaymentEvent) => {
    const body = JSON.stringify(event);
    return t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', headers: { 'content-type': 'application/json', 'x-test-signature': signTestEvent(KEY, body) }, payload: body });
  };
  const post = (auth: { authorization: string }, url: string, payload: unknown = {}) => t.app.inject({ method: 'POST', url, headers: auth, payload: payload as never });
  const moneyOf = (id: string) => t.db.select().from(transactions).where(eq(transactions.orderId, id));
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const count = async (id: string, action: 'pay' | 'cancel' | 'refund') =>
    (await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, action)))).length;
  const expiredHolds = () => releaseExpiredHolds({ db: t.db, clock: () => new Date(Date.now() + 31 * 60_000), config: t.deps.config });
  const statuses = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort().join(',');

  it('pays an order once when the same event arrives 10 times at once', async () => {
    const o = await place();
    const event: PaymentEvent = { id: `evt_${o.id}`, type: 'payment.succeeded', ref: o.paymentRef, amountCents: o.totalCents };
    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(event)));
    expect(statuses(answers)).toBe(Array(10).fill(200).join(','));
    expect((await rowOf(o.id)).status).toBe('paid');
    expect(await moneyOf(o.id)).toHaveLength(1);
    expect(await count(o.id, 'pay')).toBe(1);
    expect(await t.db.select().from(commissionEntries).where(eq(commissionEntries.orderId, o.id))).toHaveLength(1);
    const mails = await t.db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${`Payment received for order ${o.number}`}`);
    expect(mails).toHaveLength(1);
    process.stdout.write(`[${db}] one event delivered 10 times at once: ${answers.length} answers 200, 1 payment, 1 pay event, 1 mail\n`);
  });

  it('gives the stock and the coupon use back once when the buyer, admins and the hold release cancel at the same time', async () => {
    const coupon = await makeCoupon(t, { code: `RACE${Date.now()}`, discountPercent: 5, usageLimit: 3 });
    const before = await stockOf(t, w.product.id);
    const o = await place('card', coupon.code);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => post(w.contractor.auth, `/api/v1/orders/${o.id}/cancel`)),
      ...Array.from({ length: 2 }, () => post(w.admin.auth, `/api/v1/orders/${o.id}/cancel`)),
      ...Array.from({ length: 3 }, () => expiredHolds().then((n) => ({ statusCode: n > 0 ? 200 : 409 }))),
    ]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect((await rowOf(o.id)).status).toBe('cancelled');
    expect(await stockOf(t, w.product.id)).toBe(before);
    expect((await t.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(0);
    expect(await count(o.id, 'cancel')).toBe(1);
    process.stdout.write(`[${db}] 8 cancellations of one order at once: answers ${statuses(answers)}; stock back once (${before}), coupon uses 0\n`);
  });

  it('refunds no more than the order total when admins refund it at the same time', async () => {
    const o = await place();
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: o.id, clientSecret: o.clientSecret } });
    const parts = await Promise.all(Array.from({ length: 6 }, () => post(w.admin.auth, `/api/v1/orders/${o.id}/refund`, { amountCents: 1_000 })));
    const rest = await Promise.all(Array.from({ length: 6 }, () => post(w.admin.auth, `/api/v1/orders/${o.id}/refund`)));
    const row = await rowOf(o.id);
    const refunds = (await moneyOf(o.id)).filter((x) => x.kind === 'refund');
    expect(row).toMatchObject({ status: 'refunded', refundedCents: o.totalCents });
    expect(refunds.reduce((n, x) => n + x.amountCents, 0)).toBe(o.totalCents);
    expect(new Set(refunds.map((x) => x.providerRef)).size).toBe(refunds.length);
    // The commission comes back to exactly nothing, however the refunds fell.
    const commission = await t.db.select().from(commissionEntries).where(eq(commissionEntries.orderId, o.id));
    expect(commission.reduce((n, e) => n + e.amountCents, 0)).toBe(0);
    for (const r of [...parts, ...rest]) expect([200, 400, 409]).toContain(r.statusCode);
    process.stdout.write(`[${db}] 6 partial then 6 whole refunds at once: answers ${statuses(parts)} / ${statuses(rest)}; ${refunds.length} refunds adding up to the total\n`);
  });

  it('answers 20 identical refunds sent at once with one 200 and 19 409s, recording the refund once', async () => {
    const o = await place();
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: o.id, clientSecret: o.clientSecret } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(w.admin.auth, `/api/v1/orders/${o.id}/refund`, { reason: 'Damaged' })));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect([ok.length, refused.length]).toEqual([1, 19]);
    expect(refused.every((r) => r.json().code === 'commerce.orderActionNotAllowed')).toBe(true);
    const refunds = (await moneyOf(o.id)).filter((x) => x.kind === 'refund');
    expect(refunds.map((x) => x.amountCents)).toEqual([o.totalCents]);
    expect(await rowOf(o.id)).toMatchObject({ status: 'refunded', refundedCents: o.totalCents });
    expect(await count(o.id, 'refund')).toBe(1);
    const mails = await t.db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${`Refund for order ${o.number}`}`);
    expect(mails).toHaveLength(1);
    process.stdout.write(`[${db}] 20 identical refunds at once: ${ok.length} answered 200, ${refused.length} answered 409; ${refunds.length} refund recorded, ${mails.length} mail\n`);
  });

  it('either pays or cancels an expired order whose payment and release arrive together, never both, never the stock twice', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const before = await stockOf(t, w.product.id);
      const o = await place();
      const event: PaymentEvent = { id: `evt_race_${o.id}`, type: 'payment.succeeded', ref: o.paymentRef, amountCents: o.totalCents };
      await Promise.all([webhook(event), expiredHolds(), webhook(event)]);
      const row = await rowOf(o.id);
      const money = (await moneyOf(o.id)).map((x) => x.kind).sort();
      if (row.status === 'paid') {
        expect(await stockOf(t, w.product.id)).toBe(before - 4);
        expect(money).toEqual(['payment']);
      } else {
        expect(row).toMatchObject({ status: 'cancelled', refundedCents: o.totalCents });
        expect(await stockOf(t, w.product.id)).toBe(before);
        expect(money).toEqual(['payment', 'refund']);
      }
      outcomes.push(row.status);
    }
    process.stdout.write(`[${db}] payment and hold release together, 5 times: ${outcomes.join(', ')}\n`);
  });

  it('refunds a paid order once when admins cancel it at the same time', async () => {
    const before = await stockOf(t, w.product.id);
    const o = await place();
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: o.id, clientSecret: o.clientSecret } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(w.admin.auth, `/api/v1/orders/${o.id}/cancel`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await rowOf(o.id)).toMatchObject({ status: 'cancelled', refundedCents: o.totalCents });
    expect((await moneyOf(o.id)).filter((x) => x.kind === 'refund').map((x) => x.amountCents)).toEqual([o.totalCents]);
    expect(await stockOf(t, w.product.id)).toBe(before);
    expect(await count(o.id, 'cancel')).toBe(1);
  });

  it('cancels 8 orders while 8 others are placed with the same products and coupon, limited or not, without either waiting on the other for ever', async () => {
    const second = await makeProduct(t, w.admin.auth, w.category.id, { price: 5_000, stock: 10_000 });
    const lines = [
      { productId: w.product.id, quantity: 1 },
      { productId: second.id, quantity: 1 },
    ];
    for (const limited of [false, true]) {
      // Each buyer places and cancels its own orders: one cart per buyer, and no unpaid order of an earlier round.
      const buyers = await Promise.all(Array.from({ length: 16 }, () => actorOf(t, 'customer')));
      const coupon = await makeCoupon(t, { code: `MIX${limited ? 'L' : 'U'}${Date.now()}`, discountPercent: 5, usageLimit: limited ? 10_000 : null });
      const placed = [];
      for (const buyer of buyers.slice(0, 8)) placed.push(await placeOrder(t, { buyer, lines, paymentMethod: 'card', couponCode: coupon.code }));
      const before = [await stockOf(t, w.product.id), await stockOf(t, second.id)];
      const answers = await Promise.all([
        ...placed.map((o, i) => post(buyers[i]!.auth, `/api/v1/orders/${o.id}/cancel`)),
        ...buyers.slice(8).map((buyer) => placeOrder(t, { buyer, lines, paymentMethod: 'card', couponCode: coupon.code }).then(() => ({ statusCode: 201 }))),
      ]);
      expect(statuses(answers)).toBe([...Array(8).fill(200), ...Array(8).fill(201)].join(','));
      expect([await stockOf(t, w.product.id), await stockOf(t, second.id)]).toEqual(before);
      expect((await t.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(8);
      process.stdout.write(`[${db}] 8 cancellations beside 8 placements, one ${limited ? 'limited' : 'unlimited'} coupon and two products: ${statuses(answers)}\n`);
    }
  });
});
