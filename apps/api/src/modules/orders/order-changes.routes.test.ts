import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { commissionEntries, couponRedemptions, coupons, orders, transactions } from '../../db/schema/commerce.js';
import { testProvider, type CardProvider } from '../../lib/payments.js';
import { createTestApp, issue, MISSING, type Session, type TestApp } from '../../test/harness.js';
import { makeCoupon, stockOf } from '../../test/checkout-fixtures.js';
import { orderWorld, placeOrder, type PlacedOrder } from '../../test/order-fixtures.js';
import type { Language } from '@meltway/shared/common/language';

type World = Awaited<ReturnType<typeof orderWorld>>;

describe('order changes: process, ship, deliver, cancel, refund, settle', () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await createTestApp();
    w = await orderWorld(t);
  });
  afterAll(() => t.close());

  const post = (s: Session | undefined, url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: s?.auth, ...(payload !== undefined ? { payload: payload as never } : {}) });
  const place = (buyer: Session, paymentMethod: 'card' | 'account' = 'card', extra: { quantity?: number; couponCode?: string; locale?: Language } = {}) =>
    placeOrder(t, { buyer, lines: [{ productId: w.product.id, quantity: extra.quantity ?? 1 }], paymentMethod, couponCode: extra.couponCode, locale: extra.locale });
  const pay = async (o: PlacedOrder) => {
    const res = await post(undefined, '/api/v1/payments/test/confirm', { orderId: o.id, clientSecret: o.clientSecret });
    expect(res.statusCode, res.body).toBe(200);
  };
  const paidOrder = async (buyer = w.contractor) => {
    const o = await place(buyer);
    await pay(o);
    return o;
  };
  const moneyOf = (orderId: string) => t.db.select().from(transactions).where(eq(transactions.orderId, orderId)).orderBy(asc(transactions.createdAt), asc(transactions.kind));
  const commissionOf = async (orderId: string) =>
    (await t.db.select().from(commissionEntries).where(eq(commissionEntries.orderId, orderId))).reduce((n, e) => n + e.amountCents, 0);
  const rowOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const mailsAbout = async (email: string, number: string) => {
    await t.deliverOutbox();
    // Quoted-printable soft line breaks undone, so sentences read whole.
    return (await t.mailsTo(email)).map((mail) => mail.replace(/=\r?\n/g, '')).filter((mail) => mail.includes(number));
  };

  it('takes a paid card order through processing, shipping (carrier, tracking, mail) and delivery, with a timeline of who did what', async () => {
    const o = await paidOrder();
    const processed = await post(w.admin, `/api/v1/orders/${o.id}/process`, {});
    expect(processed.statusCode, processed.body).toBe(200);
    expect(processed.json()).toMatchObject({ status: 'processing', actions: ['ship', 'cancel', 'refund'] });

    const shipped = await post(w.admin, `/api/v1/orders/${o.id}/ship`, { carrier: 'Purolator', trackingNumber: 'PUR123456' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', carrier: 'Purolator', trackingNumber: 'PUR123456', actions: ['deliver', 'refund'] });

    // No body at all is the same as {}.
    const delivered = await post(w.admin, `/api/v1/orders/${o.id}/deliver`);
    expect((await post(w.admin, `/api/v1/orders/${o.id}/cancel`)).statusCode).toBe(409);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const order = delivered.json();
    expect(order).toMatchObject({ status: 'delivered', stockHeldUntil: null });
    expect(order.timeline.map((e: { action: string; fromStatus: string; toStatus: string; actorRole: string }) => [e.action, e.fromStatus, e.toStatus, e.actorRole])).toEqual([
      ['place', null, 'pending_payment', 'buyer'],
      ['pay', 'pending_payment', 'paid', 'system'],
      ['process', 'paid', 'processing', 'admin'],
      ['ship', 'processing', 'shipped', 'admin'],
      ['deliver', 'shipped', 'delivered', 'admin'],
    ]);
    expect(order.timeline[0].actorName).toBe(w.contractor.user.fullname);
    expect(order.timeline[1]).toMatchObject({ actorName: null, amountCents: o.totalCents });
    expect(order.timeline[3]).toMatchObject({ actorName: w.admin.user.fullname, note: 'Purolator PUR123456' });

    const mails = await mailsAbout(w.contractor.user.email, o.number);
    expect(mails.filter((mail) => mail.includes(`Subject: Order ${o.number} has shipped`))).toHaveLength(1);
    expect(mails.join('\n')).toContain('tracking number PUR123456');
    expect(mails.filter((mail) => mail.includes(`Subject: Payment received for order ${o.number}`))).toHaveLength(1);
  });

  it('refuses what the transitions table does not allow: 409 for the status, 403 for a reader it never names, 404 for anyone else', async () => {
    const pending = await place(w.contractor);
    const shipPending = await post(w.admin, `/api/v1/orders/${pending.id}/ship`, { carrier: 'UPS', trackingNumber: '1Z' });
    expect(shipPending.statusCode).toBe(409);
    expect(shipPending.json()).toEqual({ message: 'This order cannot be shipped now', code: 'commerce.orderActionNotAllowed', params: { action: 'shipped' } });
    expect((await post(w.admin, `/api/v1/orders/${pending.id}/refund`, {})).json()).toMatchObject({ code: 'commerce.orderActionNotAllowed', params: { action: 'refunded' } });
    expect((await post(w.admin, `/api/v1/orders/${pending.id}/settle`, {})).statusCode).toBe(409);

    // The order's dealer sees it but may not cancel it; the table never lets a dealer cancel.
    const byDealer = await post(w.dealer, `/api/v1/orders/${pending.id}/cancel`, {});
    expect(byDealer.statusCode).toBe(403);
    expect(byDealer.json().message).toBe(accountsMessages.forbidden);
    // Someone else's order does not exist for them.
    for (const s of [w.otherDealer, w.customer]) {
      const res = await post(s, `/api/v1/orders/${pending.id}/cancel`, {});
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'commerce.orderNotFound' });
    }
    expect((await post(w.admin, `/api/v1/orders/${MISSING}/cancel`, {})).statusCode).toBe(404);
    expect((await post(w.admin, `/api/v1/orders/${MISSING}/process`, {})).statusCode).toBe(404);
    // Admins' steps: the wrong role is refused before anything is read; nobody signed in, 401.
    for (const s of [w.contractor, w.dealer, w.customer]) expect((await post(s, `/api/v1/orders/${pending.id}/process`, {})).statusCode).toBe(403);
    for (const step of ['process', 'ship', 'deliver', 'cancel', 'refund', 'settle']) expect((await post(undefined, `/api/v1/orders/${pending.id}/${step}`, {})).statusCode).toBe(401);

    // The buyer may cancel only while the card payment is awaited.
    const paid = await paidOrder();
    const late = await post(w.contractor, `/api/v1/orders/${paid.id}/cancel`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'This order cannot be cancelled now', params: { action: 'cancelled' } });
    expect((await post(w.admin, `/api/v1/orders/${paid.id}/deliver`, {})).statusCode).toBe(409);
    // A card order has no invoice to settle.
    expect((await post(w.admin, `/api/v1/orders/${paid.id}/settle`, {})).json()).toMatchObject({ params: { action: 'settled' } });
    expect((await rowOf(paid.id)).status).toBe('paid');
  });

  it('checks its input: a shipment needs its carrier and tracking number, a refund stays within what is left, ids are ids', async () => {
    const o = await paidOrder();
    const empty = await post(w.admin, `/api/v1/orders/${o.id}/ship`, { carrier: ' ', trackingNumber: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([issue('carrier', m.carrierRequired), issue('trackingNumber', m.trackingRequired)]);
    expect((await post(w.admin, `/api/v1/orders/${o.id}/ship`, {})).json().issues.map((i: { path: string }) => i.path)).toEqual(['carrier', 'trackingNumber']);

    const zero = await post(w.admin, `/api/v1/orders/${o.id}/refund`, { amountCents: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().issues[0]).toMatchObject({ path: 'amountCents', code: 'commerce.refundAmountInvalid' });
    const tooMuch = await post(w.admin, `/api/v1/orders/${o.id}/refund`, { amountCents: o.totalCents + 1 });
    expect(tooMuch.statusCode).toBe(400);
    const max = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(o.totalCents / 100);
    expect(tooMuch.json()).toEqual({
      message: `Refund between $0.01 and ${max}`,
      code: 'commerce.refundAmountInvalid',
      params: { max },
      issues: [issue('amountCents', m.refundAmountInvalid, { max })],
    });
    expect((await post(w.admin, `/api/v1/orders/${o.id}/refund`, { amountCents: 1.5 })).statusCode).toBe(400);
    expect((await post(w.admin, '/api/v1/orders/nope/process', {})).json().issues[0]).toMatchObject({ path: 'id', code: 'commerce.orderNotFound' });
    expect((await rowOf(o.id)).refundedCents).toBe(0);
  });

  it('gives the stock and the coupon use back once when the buyer cancels an unpaid order', async () => {
    const coupon = await makeCoupon(t, { code: `ONCE${Date.now()}`, discountPercent: 10, usageLimit: 1 });
    const before = await stockOf(t, w.product.id);
    const o = await place(w.contractor, 'card', { quantity: 3, couponCode: coupon.code });
    expect(await stockOf(t, w.product.id)).toBe(before - 3);
    expect((await t.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(1);

    const res = await post(w.contractor, `/api/v1/orders/${o.id}/cancel`, { reason: 'Ordered the wrong size' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', stockHeldUntil: null, actions: [] });
    expect(res.json().timeline.at(-1)).toMatchObject({ action: 'cancel', fromStatus: 'pending_payment', toStatus: 'cancelled', actorRole: 'buyer', note: 'Ordered the wrong size', amountCents: null });
    expect(res.json().timeline.at(-1).noteCode).toBeUndefined();
    expect(await stockOf(t, w.product.id)).toBe(before);
    expect((await t.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usedCount).toBe(0);
    expect(await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, o.id))).toEqual([]);
    expect((await rowOf(o.id)).stockReleasedAt).not.toBeNull();

    // Again, by anyone: refused, and nothing comes back twice.
    expect((await post(w.contractor, `/api/v1/orders/${o.id}/cancel`, {})).statusCode).toBe(409);
    expect((await post(w.admin, `/api/v1/orders/${o.id}/cancel`, {})).statusCode).toBe(409);
    expect(await stockOf(t, w.product.id)).toBe(before);
    expect(await moneyOf(o.id)).toEqual([]);
    const mails = await mailsAbout(w.contractor.user.email, o.number);
    expect(mails.filter((mail) => mail.includes(`Subject: Order ${o.number} cancelled`))).toHaveLength(1);
    expect(mails.join('\n')).toContain('Reason: Ordered the wrong size');
  });

  it('cancelling a paid card order refunds the payment in full, reverses the commission and gives the stock back', async () => {
    const before = await stockOf(t, w.product.id);
    const o = await paidOrder();
    // 10% of the goods (20,000 cents, no discount): the dealer's commission on its contractor's paid order.
    expect(await commissionOf(o.id)).toBe(2_000);
    const res = await post(w.admin, `/api/v1/orders/${o.id}/cancel`, { reason: 'Out of stock at the warehouse' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedCents: o.totalCents });
    expect(res.json().timeline.at(-1)).toMatchObject({ action: 'cancel', fromStatus: 'paid', actorRole: 'admin', amountCents: o.totalCents });
    const money = await moneyOf(o.id);
    expect(money.map((x) => [x.kind, x.provider, x.amountCents])).toEqual([
      ['payment', 'test', o.totalCents],
      ['refund', 'test', o.totalCents],
    ]);
    expect(money[1]!.providerRef).toMatch(/^test_re_/);
    expect(await commissionOf(o.id)).toBe(0);
    expect(await stockOf(t, w.product.id)).toBe(before);
    const mails = await mailsAbout(w.contractor.user.email, o.number);
    const total = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(o.totalCents / 100);
    expect(mails.find((mail) => mail.includes(`Subject: Order ${o.number} cancelled`))).toContain(`We refunded ${total}.`);
  });

  it('cancelling an on-account order takes its charge off what the buyer owes and reverses its commission', async () => {
    const o = await place(w.contractor, 'account');
    expect(await commissionOf(o.id)).toBe(2_000);
    const res = await post(w.admin, `/api/v1/orders/${o.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundedCents: o.totalCents, actions: [] });
    expect((await moneyOf(o.id)).map((x) => [x.kind, x.provider, x.providerRef, x.amountCents])).toEqual([
      ['account_charge', 'account', o.number, o.totalCents],
      ['refund', 'account', `${o.number}-R1`, o.totalCents],
    ]);
    expect(await commissionOf(o.id)).toBe(0);
  });

  it('refunds part and then the rest: a partial refund keeps the status, the whole makes the order refunded; the commission follows', async () => {
    const o = await paidOrder();
    const part = await post(w.admin, `/api/v1/orders/${o.id}/refund`, { amountCents: 5_000, reason: 'One mat returned' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 'paid', refundedCents: 5_000 });
    expect(part.json().actions).toContain('refund');
    expect(part.json().timeline.at(-1)).toMatchObject({ action: 'refund', fromStatus: 'paid', toStatus: 'paid', amountCents: 5_000, note: 'One mat returned' });
    // In proportion to the order's total: 2,000 accrued × 5,000 / total.
    expect(await commissionOf(o.id)).toBe(2_000 - Math.round((2_000 * 5_000) / o.totalCents));

    const rest = await post(w.admin, `/api/v1/orders/${o.id}/refund`, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedCents: o.totalCents, actions: [] });
    expect(rest.json().timeline.at(-1)).toMatchObject({ toStatus: 'refunded', amountCents: o.totalCents - 5_000 });
    expect(await commissionOf(o.id)).toBe(0);
    expect((await moneyOf(o.id)).filter((x) => x.kind === 'refund').map((x) => x.amountCents).sort()).toEqual([5_000, o.totalCents - 5_000].sort());
    expect((await post(w.admin, `/api/v1/orders/${o.id}/refund`, {})).statusCode).toBe(409);

    const mails = await mailsAbout(w.contractor.user.email, o.number);
    expect(mails.filter((mail) => mail.includes(`Subject: Refund for order ${o.number}`))).toHaveLength(2);
    expect(mails.join('\n')).toContain('We refunded $50.00');
  });

  it('writes the buyer in the order language', async () => {
    const o = await place(w.customer, 'card', { locale: 'fr' });
    await pay(o);
    expect((await post(w.admin, `/api/v1/orders/${o.id}/ship`, { carrier: 'Postes Canada', trackingNumber: 'PC42' })).statusCode).toBe(200);
    const mails = await mailsAbout(w.customer.user.email, o.number);
    expect(mails.join('\n')).toContain(`commande ${o.number} est en route avec Postes Canada, num=C3=A9ro de suivi PC42.`);
  });

  it('settles an on-account invoice once, for what is owed after refunds', async () => {
    const o = await place(w.dealer, 'account');
    const processing = await post(w.admin, `/api/v1/orders/${o.id}/process`, {});
    expect(processing.json().actions).toEqual(['ship', 'cancel', 'refund', 'settle']);
    expect((await post(w.admin, `/api/v1/orders/${o.id}/ship`, { carrier: 'Purolator', trackingNumber: 'PUR9' })).statusCode).toBe(200);
    expect((await post(w.admin, `/api/v1/orders/${o.id}/refund`, { amountCents: 1_000 })).statusCode).toBe(200);
    const settled = await post(w.admin, `/api/v1/orders/${o.id}/settle`, {});
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ status: 'shipped', actions: ['deliver', 'refund'] });
    expect(settled.json().settledAt).toEqual(expect.any(String));
    expect(settled.json().timeline.at(-1)).toMatchObject({ action: 'settle', fromStatus: 'shipped', toStatus: 'shipped', amountCents: o.totalCents - 1_000 });
    expect((await moneyOf(o.id)).map((x) => [x.kind, x.amountCents])).toEqual([
      ['account_charge', o.totalCents],
      ['refund', 1_000],
      ['account_settlement', o.totalCents - 1_000],
    ]);
    const again = await post(w.admin, `/api/v1/orders/${o.id}/settle`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'commerce.orderActionNotAllowed', params: { action: 'settled' } });
    // A dealer's own purchase accrues no commission.
    expect(await commissionOf(o.id)).toBe(0);
  });
});

describe('a card refund the provider refuses', () => {
  let t: TestApp;
  let w: World;
  const inner = testProvider('refusing');
  const refusing: CardProvider = { ...inner, name: 'test', refund: () => Promise.reject(new Error('charge_already_refunded')) };

  beforeAll(async () => {
    t = await createTestApp({ payments: refusing });
    w = await orderWorld(t);
  });
  afterAll(() => t.close());

  it('answers 502 commerce.refundFailed and changes nothing', async () => {
    const o = await placeOrder(t, { buyer: w.customer, lines: [{ productId: w.product.id, quantity: 1 }], paymentMethod: 'card' });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: o.id, clientSecret: o.clientSecret } })).statusCode).toBe(200);
    for (const [step, payload] of [['refund', { amountCents: 100 }], ['cancel', {}]] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.id}/${step}`, headers: w.admin.auth, payload });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: m.refundFailed, code: 'commerce.refundFailed' });
    }
    const row = (await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!;
    expect(row).toMatchObject({ status: 'paid', refundedCents: 0, stockReleasedAt: null });
    expect((await t.db.select().from(transactions).where(eq(transactions.orderId, o.id))).map((x) => x.kind)).toEqual(['payment']);
  });
});
