import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { TransactionExportQuery, TransactionListQuery, TransactionOut } from '@meltway/shared/payments/transaction.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { paged } from '@meltway/shared/common/paging';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as transactions from './transactions.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['transactions'];

/** Money that moved (card payments and refunds, on-account charges and settlements): admins all, a dealer its orders'. */
export const transactionsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/transactions', {
      config: { access: accessOf('transactions.list') },
      schema: { tags, summary: 'Transactions newest first (or sorted by date, amount or kind), with their order, provider reference and amount (cents)', querystring: TransactionListQuery, response: { 200: paged(TransactionOut), ...errors } },
      handler: (request) => transactions.listTransactions(ctx(request), request.query),
    });

    app.get('/transactions/export.csv', {
      config: { access: accessOf('transactions.list') },
      schema: { tags, summary: 'The filtered transaction list as CSV, in the list’s order (amounts in dollars)', produces: ['text/csv'], querystring: TransactionExportQuery, response: { 200: z.unknown().describe('The CSV document, streamed'), ...errors } },
      handler: (request, reply) => {
        const c = ctx(request);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="transactions-${c.now.toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(Readable.from(transactions.transactionsCsv(c, request.query)));
      },
    });
  };
