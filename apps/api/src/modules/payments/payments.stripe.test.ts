import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import { orderEvents, orders, paymentEvents, transactions } from '../../db/schema/commerce.js';
import { stripeProvider } from '../../lib/payments.js';
import { createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { orderWorld, placeOrder, type PlacedOrder } from '../../test/order-fixtures.js';

const WEBHOOK_SECRET = 'whsec_test_secret_of_this_file';

type Call = { path: string; params: URLSearchParams; idempotencyKey: string | undefined };

/**
 * A stand-in for Stripe's API on this machine: PaymentIntents and refunds, each kept by its idempotency
 * key as Stripe keeps them (the same key answers the same object). Nothing leaves the machine.
 */
async function fakeStripe() {
  const calls: Call[] = [];
  const byKey = new Map<string, unknown>();
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const path = (req.url ?? '').split('?')[0]!;
      calls.push({ path, params, idempotencyKey });
      const make = (): unknown => {
        n += 1;
        if (req.method === 'POST' && path === '/v1/payment_intents') {
          const id = `pi_fake${n}`;
          return { id, object: 'payment_intent', amount: Number(params.get('amount')), currency: params.get('currency'), client_secret: `${id}_secret_s${n}`, status: 'requires_payment_method' };
        }
        if (req.method === 'POST' && path === '/v1/refunds') {
          return { id: `re_fake${n}`, object: 'refund', amount: Number(params.get('amount')), payment_intent: params.get('payment_intent'), status: 'succeeded' };
        }
        return null;
      };
      const key = `${path} ${idempotencyKey ?? n}`;
      const answer = byKey.get(key) ?? make();
      if (!answer) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
        return;
      }
      byKey.set(key, answer);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${n}` }).end(JSON.stringify(answer));
    });
  });
  // A port of this project's own range, whichever is free.
  let port = 3450;
  for (; port <= 3459; port++) {
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) break;
  }
  if (port > 3459) throw new Error('no free port in 3450-3459 for the Stripe stand-in');
  return { port, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An event as Stripe sends it, with the header its own test helper signs. */
function stripeEvent(id: string, type: string, intent: { id: string; amount: number; amount_received?: number }, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { object: 'payment_intent', currency: 'cad', ...intent } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe('card payments through Stripe (a local stand-in for its API, events signed by its own helper)', () => {
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  let t: TestApp;
  let w: Awaited<ReturnType<typeof orderWorld>>;

  beforeAll(async () => {
    stripe = await fakeStripe();
    t = await createTestApp({
      payments: stripeProvider({
        secretKey: 'sk_test_x',
        webhookSecret: WEBHOOK_SECRET,
        publishableKey: 'pk_test_x',
        stripeOptions: { host: '127.0.0.1', port: stripe.port, protocol: 'http', maxNetworkRetries: 0 },
      }),
    });
    w = await orderWorld(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const place = (buyer: Session = w.contractor) => placeOrder(t, { buyer, lines: [{ productId: w.product.id, quantity: 1 }], paymentMethod: 'card' });
  const deliver = (event: { payload: string; signature: string }, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', headers: { 'content-type': contentType, 'stripe-signature': event.signature }, payload: event.payload });
  const succeeded = (o: PlacedOrder, id = `evt_paid_${o.id}`, amount = o.totalCents) =>
    stripeEvent(id, 'payment_intent.succeeded', { id: o.paymentRef!, amount: o.totalCents, amount_received: amount });
  const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const moneyOf = (id: string) => t.db.select().from(transactions).where(eq(transactions.orderId, id));
  const eventsOf = (id: string) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));

  it('opens a PaymentIntent for the order total in CAD, keyed by the order', async () => {
    const o = await place();
    expect(o.paymentRef).toMatch(/^pi_fake/);
    expect(o.clientSecret!.startsWith(`${o.paymentRef}_secret_`)).toBe(true);
    const call = stripe.calls.find((c) => c.path === '/v1/payment_intents' && c.idempotencyKey === o.id)!;
    expect([call.params.get('amount'), call.params.get('currency'), call.params.get('metadata[orderNumber]')]).toEqual([String(o.totalCents), 'cad', o.number]);
  });

  it('marks the order paid once when Stripe delivers the same event twice: one transaction, one pay event, one mail', async () => {
    const o = await place();
    const event = succeeded(o);
    for (let i = 0; i < 2; i++) {
      const res = await deliver(event, 'application/json; charset=utf-8');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect((await rowOf(o.id)).status).toBe('paid');
    expect((await moneyOf(o.id)).map((x) => [x.kind, x.provider, x.providerRef, x.amountCents])).toEqual([['payment', 'stripe', o.paymentRef, o.totalCents]]);
    expect((await eventsOf(o.id)).filter((e) => e.action === 'pay')).toHaveLength(1);
    await t.deliverOutbox();
    expect((await t.mailsTo(w.contractor.user.email)).filter((mail) => mail.includes(`Subject: Payment received for order ${o.number}`))).toHaveLength(1);
  });

  it('refuses an event whose signature is not Stripe\'s: 400 commerce.paymentSignatureInvalid, nothing kept', async () => {
    const o = await place();
    const real = succeeded(o, `evt_forged_${o.id}`);
    const forged = [
      { payload: real.payload, signature: stripeEvent(`evt_forged_${o.id}`, 'payment_intent.succeeded', { id: o.paymentRef!, amount: o.totalCents }, 'whsec_someone_else').signature },
      { payload: real.payload.replace(String(o.totalCents), String(o.totalCents - 1)), signature: real.signature },
      { payload: real.payload, signature: '' },
      { payload: real.payload, signature: 't=1,v1=00' },
    ];
    for (const event of forged) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: m.paymentSignatureInvalid, code: 'commerce.paymentSignatureInvalid' });
    }
    expect((await rowOf(o.id)).status).toBe('pending_payment');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, `evt_forged_${o.id}`))).toEqual([]);
  });

  it('does not mark paid a payment of another amount, notes a failed payment, and answers 200 to events it does not use', async () => {
    const o = await place();
    expect((await deliver(succeeded(o, `evt_short_${o.id}`, o.totalCents - 100))).statusCode).toBe(200);
    expect((await deliver(stripeEvent(`evt_failed_${o.id}`, 'payment_intent.payment_failed', { id: o.paymentRef!, amount: o.totalCents }))).statusCode).toBe(200);
    const other = await deliver(stripeEvent(`evt_other_${o.id}`, 'charge.succeeded', { id: o.paymentRef!, amount: o.totalCents }));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true });
    expect((await rowOf(o.id)).status).toBe('pending_payment');
    expect(await moneyOf(o.id)).toEqual([]);
    expect((await eventsOf(o.id)).map((e) => e.note).filter(Boolean).sort()).toEqual([m.paymentAmountMismatch, m.paymentFailed].sort());
    expect((await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, `evt_other_${o.id}`)))[0]).toMatchObject({ provider: 'stripe', type: 'ignored' });
  });

  it('turns the test provider off (409) and reads Stripe client secrets by their PaymentIntent', async () => {
    const o = await place();
    const confirm = await t.app.inject({ method: 'POST', url: '/api/v1/payments/test/confirm', payload: { orderId: o.id, clientSecret: o.clientSecret } });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toEqual({ message: m.testProviderDisabled, code: 'commerce.testProviderDisabled' });
    const status = (clientSecret: string) => t.app.inject({ method: 'POST', url: '/api/v1/payments/status', payload: { orderId: o.id, clientSecret } });
    expect((await status(o.clientSecret!)).json()).toMatchObject({ id: o.id, status: 'pending_payment' });
    expect((await status('pi_other_secret_x')).statusCode).toBe(404);
    expect((await status(o.paymentRef!)).statusCode).toBe(404);
  });

  it('gives the buyer the same PaymentIntent again, with the publishable key', async () => {
    const o = await place();
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.id}/payment`, headers: w.contractor.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toEqual({ provider: 'stripe', clientSecret: o.clientSecret, publishableKey: 'pk_test_x' });
    expect((await rowOf(o.id)).paymentRef).toBe(o.paymentRef);
  });

  it('refunds through Stripe with an idempotency key before recording: a refund that reached Stripe but not our database is recorded once when asked again', async () => {
    const o = await place();
    await deliver(succeeded(o));
    // An earlier attempt got its refund from Stripe, then the process died before its commit.
    const lost = await t.deps.payments.refund({ ref: o.paymentRef!, amountCents: 1_000, idempotencyKey: `${o.id}-refund-0-1000` });
    expect(await moneyOf(o.id)).toHaveLength(1);

    const again = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.id}/refund`, headers: w.admin.auth, payload: { amountCents: 1_000 } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'paid', refundedCents: 1_000 });
    const calls = stripe.calls.filter((c) => c.path === '/v1/refunds' && c.params.get('payment_intent') === o.paymentRef);
    expect(calls.map((c) => [c.params.get('amount'), c.idempotencyKey])).toEqual([
      ['1000', `${o.id}-refund-0-1000`],
      ['1000', `${o.id}-refund-0-1000`],
    ]);
    // Stripe answered the same refund to the same key: one refund, recorded once.
    expect((await moneyOf(o.id)).filter((x) => x.kind === 'refund').map((x) => [x.provider, x.providerRef, x.amountCents])).toEqual([['stripe', lost.ref, 1_000]]);

    // The whole rest, then the order is refunded.
    const rest = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.id}/refund`, headers: w.admin.auth, payload: {} });
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedCents: o.totalCents });
    expect((await moneyOf(o.id)).filter((x) => x.kind === 'refund')).toHaveLength(2);
  });

  it('refunds in full a payment that arrives after the buyer cancelled the order', async () => {
    const o = await place();
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.id}/cancel`, headers: w.contractor.auth, payload: {} })).statusCode).toBe(200);
    const event = succeeded(o);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await rowOf(o.id)).toMatchObject({ status: 'cancelled', refundedCents: o.totalCents });
    const refunds = stripe.calls.filter((c) => c.path === '/v1/refunds' && c.params.get('payment_intent') === o.paymentRef);
    expect(refunds.map((c) => [c.params.get('amount'), c.idempotencyKey])).toEqual([[String(o.totalCents), `${o.paymentRef}-late-payment`]]);
    expect((await moneyOf(o.id)).map((x) => x.kind).sort()).toEqual(['payment', 'refund']);
  });
});
