import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@meltway/shared/common/errors';
import { commonMessages } from '@meltway/shared/common/messages';
import type { Deps } from '../lib/ctx.js';

const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const healthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health', {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { tags: ['operations'], summary: 'Liveness and database check', response: { 200: Health, 503: ErrorBody } },
      handler: async (_request, reply) => {
        try {
          await deps.database.ping();
          return { status: 'ok' as const, database: deps.database.kind };
        } catch {
          return reply.status(503).send({ message: commonMessages.unavailable, code: 'common.unavailable' });
        }
      },
    });
  };
