import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { CancelInput, OrderOut, OrderParams, RefundInput, ShipInput } from '@meltway/shared/orders/order.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as changes from './order-changes.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['orders'];
/** The steps that take no input: `{}`, or no body at all. */
const NoInput = z.object({}).nullish();

/**
 * The steps of an order after placement, each allowed by ORDER_TRANSITIONS (403 for a reader the table never
 * lets take the step, 409 when the order's status does not allow it now) and answered with the order.
 */
export const orderChangesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const response = { 200: OrderOut, ...errors };

    app.post('/orders/:id/process', {
      config: { access: accessOf('orders.manage') },
      schema: { tags, summary: 'Start preparing a paid or on-account order', params: OrderParams, body: NoInput, response },
      handler: (request) => changes.processOrder(ctx(request), request.params.id),
    });

    app.post('/orders/:id/ship', {
      config: { access: accessOf('orders.manage') },
      schema: { tags, summary: 'Ship the order (carrier and tracking number); the buyer gets a mail', params: OrderParams, body: ShipInput, response },
      handler: (request) => changes.shipOrder(ctx(request), request.params.id, request.body),
    });

    app.post('/orders/:id/deliver', {
      config: { access: accessOf('orders.manage') },
      schema: { tags, summary: 'Mark a shipped order delivered', params: OrderParams, body: NoInput, response },
      handler: (request) => changes.deliverOrder(ctx(request), request.params.id),
    });

    app.post('/orders/:id/cancel', {
      config: { access: accessOf('orders.cancelOwn') },
      schema: {
        tags,
        summary: 'Cancel: admins, or the buyer while the card payment is awaited. Stock and coupon come back once; a card payment taken is refunded, an on-account charge removed',
        params: OrderParams,
        body: CancelInput.nullish(),
        response: { ...response, 502: ErrorBody },
      },
      handler: (request) => changes.cancelOrder(ctx(request), request.params.id, request.body ?? {}),
    });

    app.post('/orders/:id/refund', {
      config: { access: accessOf('orders.manage') },
      schema: {
        tags,
        summary: 'Refund part or all of what is left (cents; all of it without amountCents); the whole makes the order refunded',
        params: OrderParams,
        body: RefundInput.nullish(),
        response: { ...response, 502: ErrorBody },
      },
      handler: (request) => changes.refundOrder(ctx(request), request.params.id, request.body ?? {}),
    });

    app.post('/orders/:id/settle', {
      config: { access: accessOf('orders.manage') },
      schema: { tags, summary: 'Record that an on-account invoice was paid', params: OrderParams, body: NoInput, response },
      handler: (request) => changes.settleOrder(ctx(request), request.params.id),
    });
  };
