import { createHmac, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';

/** A card payment opened with the provider: its reference, and the secret the buyer's page confirms it with. */
type CardPayment = { ref: string; clientSecret: string };

/** What a provider tells us happened to a payment, read from a verified webhook. */
export type PaymentEvent = {
  /** The provider's event id: an event handled once is never handled again. */
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'ignored';
  /** The payment's reference (a PaymentIntent id). */
  ref: string | null;
  amountCents: number | null;
};

export class PaymentSignatureError extends Error {}

/**
 * A card payment provider. No card number ever reaches our server: the buyer's page hands the card to
 * the provider with `clientSecret`, and the provider tells us through its webhook.
 */
export interface CardProvider {
  readonly name: 'stripe' | 'test';
  /** The key the page loads the provider's form with (Stripe's publishable key); null for the test provider. */
  readonly publishableKey: string | null;
  createPayment(p: { orderId: string; orderNumber: string; amountCents: number; idempotencyKey: string }): Promise<CardPayment>;
  refund(p: { ref: string; amountCents: number; idempotencyKey: string }): Promise<{ ref: string }>;
  /** Verifies and reads a webhook body; throws PaymentSignatureError when its signature is not the provider's. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Whether `clientSecret` is the one this provider gave for `ref` (the test provider's confirm page proves itself with it). */
  ownsSecret(ref: string, clientSecret: string): boolean;
}

/** Stripe Payment Intents, through the official package. `stripeOptions` lets tests point it at a local stand-in. */
export function stripeProvider(opts: {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string | null;
  stripeOptions?: ConstructorParameters<typeof Stripe>[1];
}): CardProvider {
  const stripe = new Stripe(opts.secretKey, { maxNetworkRetries: 2, timeout: 10_000, ...opts.stripeOptions });
  return {
    name: 'stripe',
    publishableKey: opts.publishableKey,
    async createPayment({ orderId, orderNumber, amountCents, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount: amountCents, currency: 'cad', metadata: { orderId, orderNumber }, automatic_payment_methods: { enabled: true } },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without a client secret');
      return { ref: intent.id, clientSecret: intent.client_secret };
    },
    async refund({ ref, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: ref, amount: amountCents }, { idempotencyKey });
      return { ref: refund.id };
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', opts.webhookSecret);
      } catch {
        throw new PaymentSignatureError('invalid Stripe signature');
      }
      if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
        const intent = event.data.object;
        return {
          id: event.id,
          type: event.type === 'payment_intent.succeeded' ? 'payment.succeeded' : 'payment.failed',
          ref: intent.id,
          amountCents: event.type === 'payment_intent.succeeded' ? intent.amount_received : intent.amount,
        };
      }
      return { id: event.id, type: 'ignored', ref: null, amountCents: null };
    },
    // Stripe's page confirms with Stripe itself; our server never checks its secrets.
    ownsSecret: () => false,
  };
}

/**
 * The built-in test provider, used when Stripe is not set up so the shop works offline: no money moves,
 * and the page says so. Its references are random; its client secrets are signed with `key`, so only the
 * page that placed the order can confirm it; the same idempotency key gives the same payment or refund, as Stripe's do. Its events are made by our own confirm route and carry an
 * HMAC of the body in the signature, the way Stripe's do.
 */
export function testProvider(key: string): CardProvider {
  const sign = (s: string) => createHmac('sha256', key).update(s).digest('base64url');
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  return {
    name: 'test',
    publishableKey: null,
    // Like Stripe with an idempotency key, the same key gives back the same payment.
    async createPayment({ idempotencyKey }) {
      const ref = `test_pi_${sign(`payment ${idempotencyKey}`).slice(0, 24)}`;
      return { ref, clientSecret: `${ref}_secret_${sign(ref)}` };
    },
    // Refunds too: a refund retried with its key is the same refund, never a second one.
    async refund({ idempotencyKey }) {
      return { ref: `test_re_${sign(`refund ${idempotencyKey}`).slice(0, 24)}` };
    },
    parseWebhook(rawBody, signature) {
      if (!signature || !same(signature, sign(rawBody.toString('utf8')))) throw new PaymentSignatureError('invalid test signature');
      return JSON.parse(rawBody.toString('utf8')) as PaymentEvent;
    },
    ownsSecret: (ref, clientSecret) => same(clientSecret, `${ref}_secret_${sign(ref)}`),
  };
}

/** Signs a test provider event the way `parseWebhook` checks it (the confirm route and tests). */
export const signTestEvent = (key: string, body: string) => createHmac('sha256', key).update(body).digest('base64url');

/** Stripe when the configuration has its keys; otherwise the test provider, keyed from `secret` (the JWT signing key). */
export function cardProvider(stripe: { secretKey: string; webhookSecret: string; publishableKey: string | null } | null, secret: string): CardProvider {
  if (stripe) return stripeProvider(stripe);
  return testProvider(createHmac('sha256', secret).update('meltway test card provider').digest('base64url'));
}
