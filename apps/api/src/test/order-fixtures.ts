import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { CARD_HOLD_MINUTES, ACCOUNT_TERMS_DAYS } from '@meltway/shared/commerce/order-states';
import { formatOrderNumber } from '@meltway/shared/commerce/order.schema';
import { taxLines } from '@meltway/shared/commerce/tax';
import { users } from '../db/schema/accounts.js';
import { products } from '../db/schema/catalogue.js';
import { couponRedemptions, coupons, orderLines, orders, outbox } from '../db/schema/commerce.js';
import { accrueCommission, percentOf, recordTransaction } from '../modules/commerce/ledger.service.js';
import { insertOrderEvent } from '../modules/commerce/orders.repo.js';
import { makeCategory, makeProduct } from './catalogue-fixtures.js';
import { actorOf, type TestApp } from './harness.js';

/**
 * Orders as placement leaves them, written straight into the database: the order row, its lines, its
 * `place` event, the coupon use, the stock taken; a card order with its held stock and its payment opened
 * with the app's card provider, an on-account order with its charge and commission. Shipped to Ontario
 * (13% HST on goods after discount and shipping).
 */
export type FixtureOrderInput = {
  /** A signed-in buyer, or a guest's email. */
  buyer: { id: string } | { guestEmail: string };
  lines: { productId: string; quantity: number }[];
  paymentMethod: 'card' | 'account';
  couponId?: string;
  shippingCents?: number;
  locale?: 'en' | 'fr';
};

export type FixtureOrder = { id: string; number: string; totalCents: number; paymentRef: string | null; clientSecret: string | null };

export async function insertPlacedOrder(t: TestApp, input: FixtureOrderInput): Promise<FixtureOrder> {
  const now = t.deps.clock();
  const buyer = 'id' in input.buyer ? (await t.db.select().from(users).where(eq(users.id, input.buyer.id)))[0]! : null;
  const email = buyer ? buyer.email : (input.buyer as { guestEmail: string }).guestEmail;
  const dealerId = buyer?.role === 'dealer' ? buyer.id : buyer?.role === 'contractor' ? buyer.dealerId : null;
  const dealer = buyer?.role === 'contractor' && dealerId ? (await t.db.select().from(users).where(eq(users.id, dealerId)))[0] : undefined;

  const placed = await t.db.transaction(async (tx) => {
    const rows = await tx.select().from(products).where(inArray(products.id, input.lines.map((l) => l.productId)));
    const lines = input.lines.map((l, position) => {
      const p = rows.find((r) => r.id === l.productId)!;
      return { position, productId: p.id, categoryId: p.categoryId, sku: p.sku, name: p.name, unitPriceCents: p.priceCents, quantity: l.quantity, lineTotalCents: p.priceCents * l.quantity };
    });
    for (const l of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
      const taken = await tx.update(products).set({ stock: sql`${products.stock} - ${l.quantity}` }).where(and(eq(products.id, l.productId), gte(products.stock, l.quantity))).returning();
      if (!taken.length) throw new Error(`fixture: not enough stock of ${l.sku}`);
    }
    const coupon = input.couponId ? (await tx.select().from(coupons).where(eq(coupons.id, input.couponId)).for('update'))[0]! : null;
    const subtotal = lines.reduce((n, l) => n + l.lineTotalCents, 0);
    const discount = coupon ? percentOf(subtotal, coupon.discountPercent) : 0;
    const shipping = input.shippingCents ?? 1_500;
    const taxes = taxLines(subtotal - discount, shipping, [{ code: 'HST', rate: 13, appliesToShipping: true }]);
    const total = subtotal - discount + shipping + taxes.reduce((n, x) => n + x.amountCents, 0);
    // Both drivers answer raw SQL with `{ rows }`.
    const seq = ((await tx.execute(sql`select nextval('order_number_seq') as n`)) as unknown as { rows: { n: string }[] }).rows[0]!.n;
    const card = input.paymentMethod === 'card';
    const [order] = await tx
      .insert(orders)
      .values({
        number: formatOrderNumber(now.getUTCFullYear(), Number(seq)),
        status: card ? 'pending_payment' : 'on_account',
        buyerId: buyer?.id ?? null,
        buyerRole: buyer?.role ?? null,
        buyerName: buyer?.fullname ?? 'Guest Buyer',
        email,
        dealerId,
        commissionPercent: dealer ? (dealer.dealerData?.commission ?? null) : null,
        locale: input.locale ?? 'en',
        paymentMethod: input.paymentMethod,
        paymentProvider: card ? t.deps.payments.name : 'account',
        shippingAddress: { fullname: buyer?.fullname ?? 'Guest Buyer', line1: '1 Front Street West', city: 'Toronto', province: 'ON', postalCode: 'M5J 2X5', country: 'CA' },
        shippingMethod: 'standard',
        subtotalCents: subtotal,
        discountCents: discount,
        shippingCents: shipping,
        taxCents: total - subtotal + discount - shipping,
        totalCents: total,
        taxes,
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        couponPercent: coupon?.discountPercent ?? null,
        paymentDueAt: card ? null : new Date(now.getTime() + ACCOUNT_TERMS_DAYS * 86_400_000),
        stockHeldUntil: card ? new Date(now.getTime() + CARD_HOLD_MINUTES * 60_000) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: order!.id })));
    if (coupon) {
      await tx.insert(couponRedemptions).values({ couponId: coupon.id, orderId: order!.id, buyerKey: buyer ? `user:${buyer.id}` : `guest:${email}` });
      await tx.update(coupons).set({ usedCount: sql`${coupons.usedCount} + 1` }).where(eq(coupons.id, coupon.id));
    }
    await insertOrderEvent(tx, { orderId: order!.id, action: 'place', fromStatus: null, toStatus: order!.status, actorRole: 'buyer', actorId: buyer?.id ?? null, createdAt: now });
    if (!card) {
      await recordTransaction(tx, { orderId: order!.id, kind: 'account_charge', provider: 'account', providerRef: order!.number, amountCents: total, createdAt: now });
      await accrueCommission(tx, order!);
    }
    await tx.insert(outbox).values({ kind: 'mail', payload: { to: email, subject: `Order ${order!.number} received`, text: 'placed' } });
    return order!;
  });

  if (input.paymentMethod === 'account') return { id: placed.id, number: placed.number, totalCents: placed.totalCents, paymentRef: null, clientSecret: null };
  const payment = await t.deps.payments.createPayment({ orderId: placed.id, orderNumber: placed.number, amountCents: placed.totalCents, idempotencyKey: placed.id });
  await t.db.update(orders).set({ paymentRef: payment.ref }).where(eq(orders.id, placed.id));
  return { id: placed.id, number: placed.number, totalCents: placed.totalCents, paymentRef: payment.ref, clientSecret: payment.clientSecret };
}

/** A coupon straight in the database. */
export async function insertCoupon(t: TestApp, values: { code: string; discountPercent: number; usageLimit?: number }) {
  const [row] = await t.db.insert(coupons).values({ name: values.code, ...values }).returning();
  return row!;
}

/**
 * The people and products of an order test: an admin; a dealer (10% commission) with its contractor; a
 * customer; another dealer; a category with a product of ample stock.
 */
export async function orderWorld(t: TestApp) {
  const admin = await actorOf(t, 'admin');
  const dealer = await actorOf(t, 'dealer');
  const contractor = await actorOf(t, 'contractor', { dealerId: dealer.user.id });
  const customer = await actorOf(t, 'customer');
  const otherDealer = await actorOf(t, 'dealer');
  const category = await makeCategory(t, admin.auth);
  const product = await makeProduct(t, admin.auth, category.id, { price: 20_000, stock: 10_000 });
  return { admin, dealer, contractor, customer, otherDealer, category, product };
}

/** A product's stock now. */
export const stockOf = async (t: TestApp, productId: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!.stock;
