import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DealerList, DealerListQuery, PublicDealerList, PublicDealerQuery } from '@meltway/shared/accounts/dealer.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { UserIdParams } from '@meltway/shared/accounts/user.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as dealers from './dealers.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['accounts'];

/** Dealer lists (public and for admins) and the private void cheque. */
export const dealersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/users/publicdealer', {
      config: { access: 'public' },
      schema: { tags, summary: 'Approved dealers (public fields)', querystring: PublicDealerQuery, response: { 200: PublicDealerList, ...errors } },
      handler: (request) => dealers.listPublicDealers(ctx(request)),
    });

    app.get('/users/dealer', {
      config: { access: ['admin'] },
      schema: { tags, summary: 'All dealers with their data', querystring: DealerListQuery, response: { 200: DealerList, ...errors } },
      handler: (request) => dealers.listDealers(ctx(request), request.query),
    });

    app.get('/users/:id/void-cheque', {
      config: { access: accessOf('dealers.voidCheque') },
      schema: { tags, summary: "A dealer's void cheque (the dealer itself or an admin)", params: UserIdParams, response: { 200: z.unknown().describe('The file: PDF, PNG or JPEG'), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
      handler: async (request, reply) => {
        const file = await dealers.readVoidCheque(ctx(request), request.params.id);
        return reply
          .type(file.type)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `inline; filename="void-cheque.${file.ext}"`)
          .send(Buffer.from(file.bytes));
      },
    });
  };
