import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { PlaceOrderHeaders, PlaceOrderInput, QuoteInput, QuoteOut } from '@meltway/shared/cart-checkout/checkout.schema';
import { PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as checkout from './checkout.service.js';
import * as placement from './order-placement.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const tags = ['checkout'];

/** Checkout: a quote priced by the server, and placing the order (one per Idempotency-Key). */
export const checkoutRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/checkout/quote', {
      config: { access: accessOf('checkout.quote') },
      schema: {
        tags,
        summary: "Price the buyer's cart (a guest sends items) with shipping, coupon and taxes, placing nothing (cents)",
        body: QuoteInput,
        response: { 200: QuoteOut, ...errors },
      },
      handler: (request) => checkout.quote(ctx(request), request.body),
    });

    app.post('/orders', {
      config: { access: accessOf('orders.place') },
      schema: {
        tags,
        summary: "Place the buyer's cart (a guest sends items and email); the same Idempotency-Key and body answer the same order (200)",
        headers: PlaceOrderHeaders,
        body: PlaceOrderInput,
        response: { 200: PlacedOrderOut, 201: PlacedOrderOut, ...errors },
      },
      handler: async (request, reply) => {
        const { order, created } = await placement.placeOrder(ctx(request), request.body, request.headers['idempotency-key']);
        return reply.status(created ? 201 : 200).send(order);
      },
    });
  };
