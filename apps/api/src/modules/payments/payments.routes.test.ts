import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages } from '@meltway/shared/accounts/messages';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { commissionEntries, orderEvents, orders, paymentEvents, transactions } from '../../db/schema/commerce.js';
import { signTestEvent, testProvider, type PaymentEvent } from '../../lib/payments.js';
import { actorOf, createTestApp, MISSING, type Session, type TestApp } from '../../test/harness.js';
import { stockOf } from '../../test/checkout-fixtures.js';
import { orderWorld, placeOrder, type PlacedOrder } from '../../test/order-fixtures.js';
import { releaseExpiredHolds } from '../orders/order-holds.service.js';

const KEY = 'test provider key of this file';

describe('card payments with the test provider', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof orderWorld>>;

  beforeAll(async () => {
    t = await createTestApp({ payments: testProvider(KEY) });
    w = await orderWorld(t);
  });
  afterAll(() => t.close());

  const post = (s: Session | undefined, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { ...s?.auth, ...headers }, ...(payload !== undefined ? { payload: payload as never } : {}) });
  const place = (buyer: Session = w.contractor, paymentMethod: 'card' | 'account' = 'card') =>
    placeOrder(t, { buyer, lines: [{ productId: w.product.id, quantity: 2 }], paymentMethod });
  const confirm = (o: PlacedOrder, clientSecret = o.clientSecret) => post(undefined, '/api/v1/payments/test/confirm', { orderId: o.id, clientSecret });
  const webhook = (event: PaymentEvent, signature?: string) => {
    const body = JSON.stringify(event);
    return post(undefined, '/api/v1/payments/stripe/webhook', body, { 'content-type': 'application/json', 'x-test-signature': signature ?? signTestEvent(KEY, body) });
  };
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const eventsOf = (id: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.createdAt);
  const moneyOf = (id: string) => t.db.select().from(transactions).where(eq(transactions.orderId, id));

  it('confirms a test payment once: paid, recorded, commission accrued, stock hold ended, the buyer mailed', async () => {
    const o = await place();
    expect((await rowOf(o.id)).stockHeldUntil).not.toBeNull();
    const res = await confirm(o);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: o.id, number: o.number, status: 'paid', totalCents: o.totalCents });
    // Confirming again (a double click, a reload) changes nothing.
    expect((await confirm(o)).json().status).toBe('paid');

    const row = await rowOf(o.id);
    expect(row).toMatchObject({ status: 'paid', stockHeldUntil: null, stockReleasedAt: null });
    expect((await moneyOf(o.id)).map((x) => [x.kind, x.provider, x.providerRef, x.amountCents])).toEqual([['payment', 'test', o.paymentRef, o.totalCents]]);
    expect((await eventsOf(o.id)).map((e) => [e.action, e.toStatus, e.actorRole])).toEqual([
      ['place', 'pending_payment', 'buyer'],
      ['pay', 'paid', 'system'],
    ]);
    expect(await t.db.select().from(commissionEntries).where(eq(commissionEntries.orderId, o.id))).toMatchObject([{ kind: 'accrual', dealerId: w.dealer.user.id, amountCents: 4_000 }]);
    await t.deliverOutbox();
    expect((await t.mailsTo(w.contractor.user.email)).filter((mail) => mail.includes(`Subject: Payment received for order ${o.number}`))).toHaveLength(1);
  });

  it('proves the page by its client secret: a wrong or foreign one is told the order does not exist; bad input is a 400', async () => {
    const o = await place();
    const other = await place(w.customer);
    for (const [orderId, clientSecret] of [
      [o.id, `${o.clientSecret}x`],
      [o.id, other.clientSecret!],
      [o.id, `${o.paymentRef}_secret_forged`],
      [MISSING, o.clientSecret!],
    ]) {
      for (const url of ['/api/v1/payments/test/confirm', '/api/v1/payments/status']) {
        const res = await post(undefined, url, { orderId, clientSecret });
        expect(res.statusCode, `${url} ${clientSecret}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'commerce.orderNotFound' });
      }
    }
    const bad = await post(undefined, '/api/v1/payments/test/confirm', { orderId: 'nope', clientSecret: 'a\u0000b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['clientSecret', 'orderId']);
    expect((await post(undefined, '/api/v1/payments/status', {})).statusCode).toBe(400);
    expect((await rowOf(o.id)).status).toBe('pending_payment');
  });

  it('tells anyone holding the client secret how the payment went', async () => {
    const o = await place();
    const status = () => post(undefined, '/api/v1/payments/status', { orderId: o.id, clientSecret: o.clientSecret });
    expect((await status()).json()).toEqual({ id: o.id, number: o.number, status: 'pending_payment', totalCents: o.totalCents });
    await confirm(o);
    expect((await status()).json().status).toBe('paid');
    // Signed in or not, the secret is the proof.
    expect((await post(w.otherDealer, '/api/v1/payments/status', { orderId: o.id, clientSecret: o.clientSecret })).statusCode).toBe(200);
  });

  it('takes the provider events at the webhook: signed, once, and only a matching payment marks the order paid', async () => {
    const o = await place();
    const succeeded: PaymentEvent = { id: `evt_${o.id}`, type: 'payment.succeeded', ref: o.paymentRef, amountCents: o.totalCents };

    for (const signature of ['', 'forged', signTestEvent('another key', JSON.stringify(succeeded))]) {
      const res = await webhook(succeeded, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: m.paymentSignatureInvalid, code: 'commerce.paymentSignatureInvalid' });
    }
    expect((await rowOf(o.id)).status).toBe('pending_payment');

    const failed = await webhook({ id: `evt_failed_${o.id}`, type: 'payment.failed', ref: o.paymentRef, amountCents: o.totalCents });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ received: true });
    const short = await webhook({ id: `evt_short_${o.id}`, type: 'payment.succeeded', ref: o.paymentRef, amountCents: o.totalCents - 1 });
    expect(short.statusCode).toBe(200);
    expect((await rowOf(o.id)).status).toBe('pending_payment');
    expect(await moneyOf(o.id)).toEqual([]);
    expect((await webhook({ id: `evt_other_${o.id}`, type: 'ignored', ref: null, amountCents: null })).json()).toEqual({ received: true });

    expect((await webhook(succeeded)).statusCode).toBe(200);
    expect((await webhook(succeeded)).statusCode).toBe(200);
    expect((await rowOf(o.id)).status).toBe('paid');
    expect(await moneyOf(o.id)).toHaveLength(1);
    const events = await eventsOf(o.id);
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.note, e.amountCents])).toEqual([
      ['place', null, 'pending_payment', null, null],
      ['pay', 'pending_payment', 'pending_payment', m.paymentFailed, null],
      ['pay', 'pending_payment', 'pending_payment', m.paymentAmountMismatch, o.totalCents - 1],
      ['pay', 'pending_payment', 'paid', null, o.totalCents],
    ]);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, succeeded.id))).toHaveLength(1);

    // The system's notes reach the page with their codes, for it to show in the reader's language.
    const res = await post(w.admin, `/api/v1/orders/${o.id}/process`, {});
    expect(res.json().timeline.filter((e: { noteCode?: string }) => e.noteCode).map((e: { noteCode: string }) => e.noteCode)).toEqual([
      'commerce.paymentFailed',
      'commerce.paymentAmountMismatch',
    ]);
    // A payment of nobody's order is kept as handled and changes nothing.
    expect((await webhook({ id: 'evt_stranger', type: 'payment.succeeded', ref: 'test_pi_stranger', amountCents: 100 })).statusCode).toBe(200);
  });

  it('refunds in full a payment that arrives after its order was cancelled, and says so in the timeline', async () => {
    const releaseAt = (later: Date) => releaseExpiredHolds({ db: t.db, clock: () => later, config: t.deps.config });
    // The unpaid orders of earlier tests go first, so the stock below moves with this order alone.
    await releaseAt(new Date(Date.now() + 31 * 60_000));
    const before = await stockOf(t, w.product.id);
    const o = await place();
    expect(await releaseAt(new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await stockOf(t, w.product.id)).toBe(before);

    // The test card form refuses; a real provider's late event is refunded.
    expect((await confirm(o)).json()).toMatchObject({ code: 'commerce.orderNotPayable' });
    const late: PaymentEvent = { id: `evt_late_${o.id}`, type: 'payment.succeeded', ref: o.paymentRef, amountCents: o.totalCents };
    expect((await webhook(late)).statusCode).toBe(200);
    expect((await webhook(late)).statusCode).toBe(200);
    const row = await rowOf(o.id);
    expect(row).toMatchObject({ status: 'cancelled', refundedCents: o.totalCents });
    expect((await moneyOf(o.id)).map((x) => [x.kind, x.amountCents]).sort()).toEqual([
      ['payment', o.totalCents],
      ['refund', o.totalCents],
    ]);
    // (The hold's release ran on a clock 31 minutes ahead: its event sorts last here.)
    expect((await eventsOf(o.id)).find((e) => e.action === 'refund')).toMatchObject({ action: 'refund', fromStatus: 'cancelled', toStatus: 'cancelled', actorRole: 'system', note: m.paymentAfterCancel, amountCents: o.totalCents });
    // The stock went back once, when the hold expired; the late payment does not take it again.
    expect(await stockOf(t, w.product.id)).toBe(before);
    await t.deliverOutbox();
    const mails = (await t.mailsTo(w.contractor.user.email)).map((mail) => mail.replace(/=\r?\n/g, ''));
    expect(mails.filter((mail) => mail.includes(`Subject: Refund for order ${o.number}`))).toHaveLength(1);
    expect(mails.filter((mail) => mail.includes(`Subject: Order ${o.number} cancelled`)).join()).toContain('not completed within 30 minutes');
  });

  it('gives the buyer its unpaid card order again with the same payment; nobody else, and nothing once paid or expired', async () => {
    const o = await place();
    const res = await post(w.contractor, `/api/v1/orders/${o.id}/payment`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: o.id, status: 'pending_payment', payment: { provider: 'test', clientSecret: o.clientSecret, publishableKey: null }, actions: ['cancel'] });
    expect((await rowOf(o.id)).paymentRef).toBe(o.paymentRef);

    // The dealer and admins see the order but do not pay for it; others are told it does not exist.
    for (const s of [w.dealer, w.admin]) {
      const refused = await post(s, `/api/v1/orders/${o.id}/payment`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(accountsMessages.forbidden);
    }
    for (const s of [w.otherDealer, w.customer]) expect((await post(s, `/api/v1/orders/${o.id}/payment`)).statusCode).toBe(404);
    expect((await post(undefined, `/api/v1/orders/${o.id}/payment`)).statusCode).toBe(401);
    expect((await post(w.contractor, `/api/v1/orders/${MISSING}/payment`)).statusCode).toBe(404);
    expect((await post(w.contractor, '/api/v1/orders/nope/payment')).statusCode).toBe(400);

    const account = await place(w.contractor, 'account');
    const expired = await place();
    await t.db.update(orders).set({ stockHeldUntil: new Date(Date.now() - 1_000) }).where(eq(orders.id, expired.id));
    await confirm(o);
    for (const id of [o.id, account.id, expired.id]) {
      const refused = await post(w.contractor, `/api/v1/orders/${id}/payment`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: m.orderNotPayable, code: 'commerce.orderNotPayable' });
    }
  });
});

describe('stock holds of unpaid card orders', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof orderWorld>>;

  beforeAll(async () => {
    t = await createTestApp();
    w = await orderWorld(t);
  });
  afterAll(() => t.close());

  // A buyer holds one unpaid card order at a time: card orders meant to stay side by side have buyers of their own.
  const place = (paymentMethod: 'card' | 'account' = 'card', buyer: Session = paymentMethod === 'account' ? w.contractor : w.customer) =>
    placeOrder(t, { buyer, lines: [{ productId: w.product.id, quantity: 5 }], paymentMethod });
  const statusOf = async (id: string) => (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
  const deps = (at: Date) => ({ db: t.db, clock: () => at, config: t.deps.config });

  it('cancels the orders whose 30 minutes ran out, as the system, their stock back once; paid and on-account orders keep theirs', async () => {
    const before = await stockOf(t, w.product.id);
    const [expiring, paid, account] = [await place(), await place('card', w.dealer), await place('account')];
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: paid.id, clientSecret: paid.clientSecret } });
    expect(await stockOf(t, w.product.id)).toBe(before - 15);

    expect(await releaseExpiredHolds(deps(new Date(Date.now() + 29 * 60_000)))).toBe(0);
    expect(await statusOf(expiring.id)).toBe('pending_payment');

    const later = new Date(Date.now() + 31 * 60_000);
    expect(await releaseExpiredHolds(deps(later))).toBe(1);
    expect(await releaseExpiredHolds(deps(later))).toBe(0);
    expect([await statusOf(expiring.id), await statusOf(paid.id), await statusOf(account.id)]).toEqual(['cancelled', 'paid', 'on_account']);
    expect(await stockOf(t, w.product.id)).toBe(before - 10);
    const event = (await t.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, expiring.id), eq(orderEvents.action, 'cancel'))))[0];
    expect(event).toMatchObject({ fromStatus: 'pending_payment', toStatus: 'cancelled', actorRole: 'system', actorId: null, note: m.holdExpired });
    expect(event!.createdAt.getTime()).toBe(later.getTime());

    // The buyer is told, in the order's language, and can no longer cancel it.
    await t.deliverOutbox();
    expect((await t.mailsTo(w.customer.user.email)).filter((mail) => mail.includes(`Subject: Order ${expiring.number} cancelled`))).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/orders/${expiring.id}/cancel`, headers: w.customer.auth, payload: {} })).statusCode).toBe(409);
    expect(await stockOf(t, w.product.id)).toBe(before - 10);
  });

  it('works through any number of expired orders in batches', async () => {
    const before = await stockOf(t, w.product.id);
    const placed = [];
    for (let i = 0; i < 5; i++) placed.push(await place('card', await actorOf(t, 'customer')));
    expect(await releaseExpiredHolds(deps(new Date(Date.now() + 31 * 60_000)), 2)).toBe(5);
    for (const o of placed) expect(await statusOf(o.id)).toBe('cancelled');
    expect(await stockOf(t, w.product.id)).toBe(before);
  });
});
