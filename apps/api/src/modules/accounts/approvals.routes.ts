import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApproveInput } from '@meltway/shared/accounts/dealer.schema';
import { UserIdParams, UserOut } from '@meltway/shared/accounts/user.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as approvals from './approvals.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['accounts'];

/** The decision on a pending dealer or contractor. */
export const approvalsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/users/dealer/:id/approve', {
      config: { access: ['admin', 'dealer'] },
      schema: { tags, summary: 'Approve or reject a pending dealer or contractor', params: UserIdParams, body: ApproveInput, response: { 200: UserOut, ...errors } },
      handler: (request) => approvals.decideApproval(ctx(request), request.params.id, request.body),
    });
  };
