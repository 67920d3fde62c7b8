import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PaymentMethod, ShippingAddress } from '@meltway/shared/cart-checkout/checkout.schema';
import { formatOrderNumber } from '@meltway/shared/orders/order.schema';
import type { OrderStatus } from '@meltway/shared/orders/order-states';
import { taxLines, type TaxRate } from '@meltway/shared/cart-checkout/tax';
import { commissionEntries, orderEvents, orderLines, orders, transactions } from '../db/schema/commerce.js';
import { percentOf } from '@meltway/shared/cart-checkout/tax';
import type { TestApp } from './harness.js';
import type { Language } from '@meltway/shared/common/language';

/**
 * Orders written straight into the database, as placement and the order changes would leave them:
 * the order with its lines, money and tax lines, its timeline, its transactions and its dealer's
 * commission. For tests of what reads them; placement has its own tests through the API.
 */

export type FixtureBuyer = { id: string | null; fullname: string; email: string; role: string | null };
type FixtureLine = { name: string; sku?: string; unitPriceCents: number; quantity: number };

export type FixtureOrder = {
  buyer: FixtureBuyer;
  /** The dealer the order is filed under (the buyer itself when a dealer buys, a contractor's dealer). */
  dealerId?: string | null;
  /** The dealer's percent: a contractor's order accrues commission once paid or placed on account. */
  commissionPercent?: number | null;
  status?: OrderStatus;
  paymentMethod?: PaymentMethod;
  createdAt?: Date;
  lines?: FixtureLine[];
  address?: Partial<ShippingAddress>;
  shippingCents?: number;
  /** The coupon's terms as the order kept them; `category` when it was limited to one (its names then). */
  coupon?: { code: string; percent: number; category?: { name: string; nameFr: string | null } };
  /** Rates in force for the address (Ontario's 13% HST unless told). */
  rates?: TaxRate[];
  locale?: Language;
  /** Refunds after payment, each a transaction, a timeline entry and a commission reversal. */
  refunds?: { amountCents: number; at?: Date; reason?: string }[];
  settledAt?: Date;
};

const ONTARIO: TaxRate[] = [{ code: 'HST', rate: 13, appliesToShipping: true }];
const PAID: readonly OrderStatus[] = ['paid', 'on_account', 'processing', 'shipped', 'delivered', 'refunded'];

/** Inserts one order and everything that would have followed it; answers the order row. */
export async function insertOrder(t: TestApp, o: FixtureOrder) {
  const createdAt = o.createdAt ?? new Date();
  const method = o.paymentMethod ?? 'card';
  const status = o.status ?? (method === 'account' ? 'on_account' : 'paid');
  const lines = o.lines ?? [{ name: 'Heated mat 0.6 x 3 m', unitPriceCents: 45_000, quantity: 2 }];
  const subtotal = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  const discount = o.coupon ? Math.round((subtotal * o.coupon.percent) / 100) : 0;
  const shipping = o.shippingCents ?? 2_500;
  const address: ShippingAddress = { fullname: o.buyer.fullname, line1: '12 Snowbank Road', city: 'Toronto', province: 'ON', postalCode: 'M5V 2T6', country: 'CA', ...o.address };
  const taxes = taxLines(subtotal - discount, shipping, address.country === 'CA' ? (o.rates ?? ONTARIO) : []);
  const tax = taxes.reduce((s, l) => s + l.amountCents, 0);
  const total = subtotal - discount + shipping + tax;
  const refunded = (o.refunds ?? []).reduce((s, r) => s + r.amountCents, 0);
  // Both drivers answer raw SQL with `{ rows }`.
  const seq = ((await t.db.execute(sql`select nextval('order_number_seq')::int as n`)) as unknown as { rows: { n: number }[] }).rows[0]!;

  const [order] = await t.db
    .insert(orders)
    .values({
      number: formatOrderNumber(createdAt.getUTCFullYear(), seq.n),
      status,
      buyerId: o.buyer.id,
      buyerRole: o.buyer.role,
      buyerName: o.buyer.fullname,
      email: o.buyer.email,
      phone: '4165550123',
      dealerId: o.dealerId ?? null,
      commissionPercent: o.commissionPercent ?? null,
      locale: o.locale ?? 'en',
      paymentMethod: method,
      paymentProvider: method === 'account' ? 'account' : 'test',
      paymentRef: method === 'card' ? `pi_test_${randomUUID().slice(0, 8)}` : null,
      shippingAddress: address,
      shippingMethod: 'standard',
      subtotalCents: subtotal,
      discountCents: discount,
      shippingCents: shipping,
      taxCents: tax,
      totalCents: total,
      refundedCents: refunded,
      taxes,
      couponCode: o.coupon?.code ?? null,
      couponPercent: o.coupon?.percent ?? null,
      couponCategoryName: o.coupon?.category?.name ?? null,
      couponCategoryNameFr: o.coupon?.category?.nameFr ?? null,
      paymentDueAt: method === 'account' ? new Date(createdAt.getTime() + 30 * 86_400_000) : null,
      settledAt: o.settledAt ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!order) throw new Error('order not inserted');

  await t.db.insert(orderLines).values(
    lines.map((l, i) => ({
      orderId: order.id,
      position: i,
      productId: randomUUID(),
      sku: l.sku ?? `SKU-${i + 1}`,
      name: l.name,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: l.unitPriceCents * l.quantity,
    })),
  );

  const first: OrderStatus = method === 'account' ? 'on_account' : 'pending_payment';
  const events: (typeof orderEvents.$inferInsert)[] = [{ orderId: order.id, action: 'place', fromStatus: null, toStatus: first, actorRole: 'buyer', actorId: o.buyer.id, createdAt }];
  const later = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
  const paid = PAID.includes(status) || (status === 'cancelled' && refunded > 0);
  if (method === 'card' && paid) events.push({ orderId: order.id, action: 'pay', fromStatus: 'pending_payment', toStatus: 'paid', actorRole: 'system', amountCents: total, createdAt: later(1) });
  if (status === 'cancelled') events.push({ orderId: order.id, action: 'cancel', fromStatus: first, toStatus: 'cancelled', actorRole: 'admin', createdAt: later(2) });

  if (method === 'card' && paid) {
    await t.db.insert(transactions).values({ orderId: order.id, kind: 'payment', provider: 'test', providerRef: order.paymentRef!, amountCents: total, createdAt: later(1) });
  }
  if (method === 'account' && status !== 'cancelled') {
    await t.db.insert(transactions).values({ orderId: order.id, kind: 'account_charge', provider: 'account', providerRef: `charge-${order.number}`, amountCents: total, createdAt });
  }
  if (o.settledAt) {
    await t.db.insert(transactions).values({ orderId: order.id, kind: 'account_settlement', provider: 'account', providerRef: `settle-${order.number}`, amountCents: total, createdAt: o.settledAt });
    events.push({ orderId: order.id, action: 'settle', fromStatus: status, toStatus: status, actorRole: 'admin', amountCents: total, createdAt: o.settledAt });
  }

  const percent = o.commissionPercent ?? null;
  const accrues = o.dealerId && percent !== null && (paid || method === 'account') && status !== 'cancelled';
  const base = subtotal - discount;
  const accrued = accrues ? percentOf(base, percent) : 0;
  if (accrues) {
    await t.db.insert(commissionEntries).values({ dealerId: o.dealerId!, orderId: order.id, kind: 'accrual', baseCents: base, percent, amountCents: accrued, createdAt: later(1) });
  }

  let refundedSoFar = 0;
  for (const [i, r] of (o.refunds ?? []).entries()) {
    const at = r.at ?? later(60 + i);
    refundedSoFar += r.amountCents;
    const [refund] = await t.db
      .insert(transactions)
      .values({ orderId: order.id, kind: 'refund', provider: method === 'account' ? 'account' : 'test', providerRef: `re_${randomUUID().slice(0, 8)}`, amountCents: r.amountCents, createdAt: at })
      .returning();
    const whole = refundedSoFar >= total;
    events.push({ orderId: order.id, action: 'refund', fromStatus: 'paid', toStatus: whole ? 'refunded' : 'paid', actorRole: 'admin', amountCents: r.amountCents, note: r.reason ?? null, createdAt: at });
    if (accrues) {
      const back = whole ? accrued - Math.round((accrued * (refundedSoFar - r.amountCents)) / total) : Math.round((accrued * r.amountCents) / total);
      await t.db.insert(commissionEntries).values({
        dealerId: o.dealerId!, orderId: order.id, kind: 'reversal', transactionId: refund!.id,
        baseCents: -Math.round((base * r.amountCents) / total), percent, amountCents: -back, createdAt: at,
      });
    }
  }
  await t.db.insert(orderEvents).values(events);
  return order;
}
