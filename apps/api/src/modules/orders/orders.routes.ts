import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { OrderExportQuery, OrderListQuery, OrderOut, OrderParams, OrderSummaryOut } from '@meltway/shared/orders/order.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { paged } from '@meltway/shared/common/paging';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as orders from './orders.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['orders'];

/** Reading orders: the scoped list and its CSV, one order, its invoice as PDF. */
export const ordersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/orders', {
      config: { access: accessOf('orders.list') },
      schema: {
        tags,
        summary: 'Orders newest first: admins all, a dealer its own and its contractors’, anyone else their own',
        querystring: OrderListQuery,
        response: { 200: paged(OrderSummaryOut), ...errors },
      },
      handler: (request) => orders.listOrders(ctx(request), request.query),
    });

    app.get('/orders/export.csv', {
      config: { access: accessOf('orders.export') },
      schema: { tags, summary: 'The filtered order list as CSV (amounts in dollars)', produces: ['text/csv'], querystring: OrderExportQuery, response: { 200: z.unknown().describe('The CSV document, streamed'), ...errors } },
      handler: (request, reply) => {
        const c = ctx(request);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${c.now.toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(Readable.from(orders.ordersCsv(c, request.query)));
      },
    });

    app.get('/orders/:id', {
      config: { access: accessOf('orders.view') },
      schema: { tags, summary: 'One order with its lines, taxes, totals and timeline (admins, its buyer, its dealer)', params: OrderParams, response: { 200: OrderOut, ...errors } },
      handler: (request) => orders.getOrder(ctx(request), request.params.id),
    });

    app.get('/orders/:id/invoice.pdf', {
      config: { access: accessOf('orders.view') },
      schema: { tags, summary: 'The order’s invoice as PDF, in the order’s language', produces: ['application/pdf'], params: OrderParams, response: { 200: z.unknown().describe('The PDF'), ...errors } },
      handler: async (request, reply) => {
        const invoice = await orders.orderInvoice(ctx(request), request.params.id);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${invoice.fileName}"`)
          .send(Buffer.from(invoice.pdf));
      },
    });
  };
