import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { CommissionLedgerOut, CommissionParams, CommissionQuery, StatementQuery } from '@meltway/shared/payments/commission.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as commission from './commission.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['commission'];

/** A dealer's commission ledger and monthly statements: admins, and that dealer. */
export const commissionRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/dealers/:dealerId/commission', {
      config: { access: accessOf('commission.view') },
      schema: { tags, summary: 'A dealer’s commission ledger, newest first, and its balance (cents)', params: CommissionParams, querystring: CommissionQuery, response: { 200: CommissionLedgerOut, ...errors } },
      handler: (request) => commission.commissionLedger(ctx(request), request.params.dealerId, request.query),
    });

    app.get('/dealers/:dealerId/commission/statement.pdf', {
      config: { access: accessOf('commission.view') },
      schema: {
        tags,
        summary: 'A month’s commission statement as PDF (month in Eastern time)',
        produces: ['application/pdf'],
        params: CommissionParams,
        querystring: StatementQuery,
        response: { 200: z.unknown().describe('The PDF'), ...errors },
      },
      handler: async (request, reply) => {
        const statement = await commission.commissionStatement(ctx(request), request.params.dealerId, request.query);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${statement.fileName}"`)
          .send(Buffer.from(statement.pdf));
      },
    });
  };
