import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RegisterInput } from '@meltway/shared/accounts/register.schema';
import { REGISTER_DATA_URL_MAX_LENGTH } from '@meltway/shared/accounts/roles';
import { UserOut } from '@meltway/shared/accounts/user.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { DEFAULT_BODY_LIMIT } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as registration from './registration.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['accounts'];

/** Sign-up of dealers, contractors and customers. */
export const registrationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/users', {
      config: { access: 'public' },
      // A void cheque and a logo as data URLs no longer than their decoded limit needs, and the form around them.
      bodyLimit: 2 * REGISTER_DATA_URL_MAX_LENGTH + DEFAULT_BODY_LIMIT,
      schema: { tags, summary: 'Register a dealer, contractor or customer', body: RegisterInput, response: { 201: UserOut, ...errors, 413: ErrorBody, 415: ErrorBody, 503: ErrorBody } },
      handler: async (request, reply) => reply.status(201).send(await registration.register(ctx(request), request.body)),
    });
  };
