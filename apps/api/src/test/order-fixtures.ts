import { eq } from 'drizzle-orm';
import { carts, orders } from '../db/schema/commerce.js';
import { makeCategory, makeProduct } from './catalogue-fixtures.js';
import { address, setCreditLimit } from './checkout-fixtures.js';
import { actorOf, type TestApp } from './harness.js';
import type { Language } from '@meltway/shared/common/language';

export type PlacedOrder = { id: string; number: string; totalCents: number; paymentRef: string | null; clientSecret: string | null };

/**
 * Places an order through POST /orders as a signed-in buyer: its cart is set to `lines` first (placement
 * takes the buyer's server cart), the order is delivered in Ontario (13% HST). Answers the order with its
 * card payment's reference and client secret (null on account).
 */
export async function placeOrder(
  t: TestApp,
  input: {
    buyer: { id: string; auth: { authorization: string } };
    lines: { productId: string; quantity: number }[];
    paymentMethod: 'card' | 'account';
    couponCode?: string;
    locale?: Language;
  },
): Promise<PlacedOrder> {
  const { buyer } = input;
  await t.db.delete(carts).where(eq(carts.userId, buyer.id));
  for (const line of input.lines) {
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/cart/items/${line.productId}`, headers: buyer.auth, payload: { quantity: line.quantity } });
    if (res.statusCode !== 200) throw new Error(`cart: ${res.statusCode} ${res.body}`);
  }
  const payload = { shippingAddress: address('ON', { postalCode: 'M5J 2X5', city: 'Toronto' }), paymentMethod: input.paymentMethod, couponCode: input.couponCode, locale: input.locale };
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers: buyer.auth, payload });
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const order = res.json() as { id: string; number: string; totalCents: number; payment: { clientSecret: string | null } | null };
  const { paymentRef } = (await t.db.select({ paymentRef: orders.paymentRef }).from(orders).where(eq(orders.id, order.id)))[0]!;
  return { id: order.id, number: order.number, totalCents: order.totalCents, paymentRef, clientSecret: order.payment?.clientSecret ?? null };
}

/**
 * The people and products of an order test: an admin; a dealer (10% commission) with its contractor, both
 * with credit to buy on account; a customer; another dealer; a category with a product of ample stock.
 */
export async function orderWorld(t: TestApp) {
  const admin = await actorOf(t, 'admin');
  const dealer = await actorOf(t, 'dealer');
  const contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
  const customer = await actorOf(t, 'customer');
  const otherDealer = await actorOf(t, 'dealer');
  for (const account of [dealer, contractor]) await setCreditLimit(t, admin, account.user.id, 100_000_000);
  const category = await makeCategory(t, admin.auth);
  const product = await makeProduct(t, admin.auth, category.id, { price: 20_000, stock: 10_000 });
  return { admin, dealer, contractor, customer, otherDealer, category, product };
}
