import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { OrderLinkParams, OrderLookupInput, OrderOut } from '@meltway/shared/orders/order.schema';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as links from './order-links.service.js';

const errors = { 400: ErrorBody, 404: ErrorBody, 410: ErrorBody };
const tags = ['orders'];
// The link is the key to the order: its answers are kept by no cache and indexed by no search engine.
const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };

/** A guest's way back to an order: its signed link (the order, its invoice) and the look-up that mails the link again. */
export const orderLinksRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/orders/view/:token', {
      config: { access: accessOf('orders.viewByLink') },
      schema: { tags, summary: 'The order an order mail’s signed link names, as its buyer reads it, without a sign-in (410 once the link has expired)', params: OrderLinkParams, response: { 200: OrderOut, ...errors } },
      handler: async (request, reply) => {
        const order = await links.viewOrder(ctx(request), request.params.token);
        return reply.headers(PRIVATE).send(order);
      },
    });

    app.get('/orders/view/:token/invoice.pdf', {
      config: { access: accessOf('orders.viewByLink') },
      schema: { tags, summary: 'That order’s invoice as PDF, in the order’s language, through its signed link', produces: ['application/pdf'], params: OrderLinkParams, response: { 200: z.unknown().describe('The PDF'), ...errors } },
      handler: async (request, reply) => {
        const invoice = await links.viewInvoice(ctx(request), request.params.token);
        return reply
          .type('application/pdf')
          .headers(PRIVATE)
          .header('content-disposition', `attachment; filename="${invoice.fileName}"`)
          .send(Buffer.from(invoice.pdf));
      },
    });

    app.post('/orders/lookup', {
      config: { access: accessOf('orders.lookup') },
      schema: { tags, summary: 'Mail an order’s signed link again to the email it was placed with; the same answer whether or not the pair exists', body: OrderLookupInput, response: { 200: MessageOut, 429: ErrorBody, ...errors } },
      handler: (request) => links.lookupOrder(ctx(request), request.body),
    });
  };
