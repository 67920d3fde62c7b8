import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UserIdParams } from '@meltway/shared/accounts/user.schema';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as deletion from './account-deletion.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['accounts'];

/** Deleting an account for good (admins). */
export const accountDeletionRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.delete('/users/permanent/:id', {
      config: { access: ['admin'] },
      schema: { tags, summary: 'Delete an account for good', params: UserIdParams, response: { 200: MessageOut, ...errors } },
      handler: (request) => deletion.deleteUser(ctx(request), request.params.id),
    });
  };
