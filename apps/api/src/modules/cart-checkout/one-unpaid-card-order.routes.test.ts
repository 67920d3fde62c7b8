import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { orderEvents, orders, outbox } from '../../db/schema/commerce.js';
import { makeProduct } from '../../test/catalogue-fixtures.js';
import { address, addToCart, guestEmail, placeAs, setStock, stockOf } from '../../test/checkout-fixtures.js';
import { actorOf, createTestApp, type TestApp } from '../../test/harness.js';
import { orderWorld, placeOrder } from '../../test/order-fixtures.js';

/** A signed-in buyer holds at most one unpaid card order: a newer card order replaces the older one. */
describe('one unpaid card order per buyer', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof orderWorld>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await orderWorld(t);
  });
  afterAll(() => t.close());

  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const holding = async (buyerId: string) =>
    (await t.db.select({ id: orders.id }).from(orders).where(and(eq(orders.buyerId, buyerId), eq(orders.status, 'pending_payment'), isNull(orders.stockReleasedAt)))).map((r) => r.id);

  it('cancels the older unpaid card order as the newer is placed: its stock comes back, only the newest is held', async () => {
    const buyer = await actorOf(t, 'customer');
    const product = await makeProduct(t, w.admin.auth, w.category.id, { price: 10_000, stock: 500 });
    const first = await placeOrder(t, { buyer, lines: [{ productId: product.id, quantity: 100 }], paymentMethod: 'card' });
    expect(await stockOf(t, product.id)).toBe(400);
    const second = await placeOrder(t, { buyer, lines: [{ productId: product.id, quantity: 30 }], paymentMethod: 'card', locale: 'fr' });
    expect(await stockOf(t, product.id)).toBe(470);
    expect(await holding(buyer.user.id)).toEqual([second.id]);
    expect(await rowOf(first.id)).toMatchObject({ status: 'cancelled', stockHeldUntil: null });
    expect((await rowOf(second.id)).status).toBe('pending_payment');
    const events = await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, first.id), eq(orderEvents.action, 'cancel')));
    expect(events).toMatchObject([{ toStatus: 'cancelled', actorRole: 'buyer', actorId: buyer.user.id, note: m.replacedByNewerOrder }]);
    const mails = await t.db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${`Order ${first.number} cancelled`}`);
    expect(mails).toHaveLength(1);
    expect((mails[0]!.payload as { text: string }).text).toContain('you placed a newer card order');
    // The buyer reads the reason on the older order's timeline.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${first.id}`, headers: buyer.auth });
    expect(page.json().timeline.at(-1)).toMatchObject({ action: 'cancel', note: m.replacedByNewerOrder });
  });

  it('keeps the unpaid card order when the newer placement is refused, and when the newer order is on account', async () => {
    const product = await makeProduct(t, w.admin.auth, w.category.id, { price: 10_000, stock: 50 });
    const held = await placeOrder(t, { buyer: w.contractor, lines: [{ productId: product.id, quantity: 10 }], paymentMethod: 'card' });
    // More than is left: refused, and the older order still holds its 10.
    await addToCart(t, w.contractor, product.id, 40);
    await setStock(t, product.id, 5);
    const refused = await placeAs(t, w.contractor, { shippingAddress: address('ON'), paymentMethod: 'card' });
    expect(refused.statusCode).toBe(409);
    expect(await holding(w.contractor.user.id)).toEqual([held.id]);
    expect(await stockOf(t, product.id)).toBe(5);
    // An order on account holds no unpaid card payment: the card order stays beside it.
    const onAccount = await placeOrder(t, { buyer: w.contractor, lines: [{ productId: product.id, quantity: 1 }], paymentMethod: 'account' });
    expect((await rowOf(onAccount.id)).status).toBe('on_account');
    expect(await holding(w.contractor.user.id)).toEqual([held.id]);
  });

  it('leaves a paid order alone, and guests keep their per-address limit instead', async () => {
    const buyer = await actorOf(t, 'customer');
    const first = await placeOrder(t, { buyer, lines: [{ productId: w.product.id, quantity: 1 }], paymentMethod: 'card' });
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: first.id, clientSecret: first.clientSecret } });
    expect((await rowOf(first.id)).status).toBe('paid');
    const second = await placeOrder(t, { buyer, lines: [{ productId: w.product.id, quantity: 1 }], paymentMethod: 'card' });
    expect((await rowOf(first.id)).status).toBe('paid');
    expect(await holding(buyer.user.id)).toEqual([second.id]);
    // Two guests' orders from one address with one email each are not one buyer's: both stay unpaid.
    const a = await placeAs(t, undefined, { items: [{ productId: w.product.id, quantity: 1 }], shippingAddress: address('ON'), email: guestEmail() });
    const b = await placeAs(t, undefined, { items: [{ productId: w.product.id, quantity: 1 }], shippingAddress: address('ON'), email: guestEmail() });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([(await rowOf(a.json().id)).status, (await rowOf(b.json().id)).status]).toEqual(['pending_payment', 'pending_payment']);
  });
});
