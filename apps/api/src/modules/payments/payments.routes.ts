import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { OrderParams, PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import { PaymentConfirmInput, PaymentStatusOut } from '@meltway/shared/payments/payment.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { KB } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as payments from './payments.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['payments'];
/** Stripe's events are a few kilobytes; Stripe documents no size, so room to spare. */
const WEBHOOK_BODY_LIMIT = 1024 * KB;

/** Card payments: the provider's webhook, the test provider's confirmation, a page asking how its payment went, paying again. */
export const paymentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/payments/test/confirm', {
      config: { access: accessOf('payments.confirm') },
      schema: {
        tags,
        summary: "The test provider's card form: marks the order paid through the same handler as the webhook (no money moves; 409 when Stripe is set up)",
        body: PaymentConfirmInput,
        response: { 200: PaymentStatusOut, ...errors },
      },
      handler: (request) => payments.confirmTestPayment(ctx(request), request.body),
    });

    app.post('/payments/status', {
      config: { access: accessOf('payments.confirm') },
      schema: { tags, summary: 'The status of the order whose client secret this is', body: PaymentConfirmInput, response: { 200: PaymentStatusOut, ...errors } },
      handler: (request) => payments.paymentStatus(ctx(request), request.body),
    });

    app.post('/orders/:id/payment', {
      config: { access: accessOf('orders.payOwn') },
      schema: {
        tags,
        summary: "The buyer's unpaid card order, with its card payment to confirm again (the same payment: nothing is charged twice)",
        params: OrderParams,
        response: { 200: PlacedOrderOut, ...errors },
      },
      handler: (request) => payments.retryPayment(ctx(request), request.params.id),
    });

    // The signature covers the body's exact bytes: in this context alone, JSON is handed over unparsed.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post('/payments/stripe/webhook', {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: { access: accessOf('payments.webhook') },
        schema: {
          tags,
          summary: 'Events of the card provider, signed (Stripe-Signature; the test provider: X-Test-Signature); the same event twice changes the order once',
          response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBody },
        },
        handler: (request) => payments.receiveWebhook(ctx(request), request.body as Buffer, request.headers),
      });
    });
  };
