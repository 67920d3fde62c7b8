import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HolderList, HoldersQuery } from '@meltway/shared/academy/learning.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { errors } from './academy-forms.js';
import * as holders from './holders.service.js';

const tags = ['academy: certifications'];
/** The export takes the list's filters and answers every row they select. */
const HoldersExportQuery = HoldersQuery.omit({ page: true, pageSize: true });

/** The compliance view: who holds which certification, for admins (every dealer's contractors) and each dealer (its own). */
export const holdersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/certifications/holders', {
      config: { access: accessOf('certifications.holders') },
      schema: {
        tags,
        summary: 'Each approved contractor × certification of a published course, with the newest certificate’s status (valid, expiring within 90 days, expired, revoked, never) and dates, and the counts per status; a dealer: its own contractors (another dealer’s dealerId is a 403)',
        querystring: HoldersQuery,
        response: { 200: HolderList, ...errors },
      },
      handler: (request) => holders.listHolders(ctx(request), request.query),
    });
    app.get('/certifications/holders/export.csv', {
      config: { access: accessOf('certifications.holders') },
      schema: { tags, summary: 'The filtered compliance list as CSV, every row', produces: ['text/csv'], querystring: HoldersExportQuery, response: { 200: z.unknown().describe('The CSV document, streamed'), ...errors } },
      handler: (request, reply) => {
        const c = ctx(request);
        const rows = holders.holdersCsv(c, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="certifications-${c.now.toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(Readable.from(rows));
      },
    });
  };
