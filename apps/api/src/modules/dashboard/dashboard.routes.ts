import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { DashboardStats } from '@meltway/shared/dashboard/stats.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { dashboardStats } from './dashboard.service.js';

export const dashboardRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/dashboard/stats', {
      config: { access: accessOf('dashboard.view') },
      schema: { tags: ['dashboard'], summary: 'Home figures for the signed-in role', response: { 200: DashboardStats, 401: ErrorBody, 403: ErrorBody } },
      handler: (request) => dashboardStats(makeCtx(deps, request)),
    });
  };
