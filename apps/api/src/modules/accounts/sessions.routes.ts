import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginInput, LoginOut, LogoutInput, RefreshInput, Tokens } from '@meltway/shared/accounts/auth.schema';
import { ROLES } from '@meltway/shared/accounts/roles';
import { UserOut } from '@meltway/shared/accounts/user.schema';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as sessions from './sessions.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['accounts'];

/** Sign-in, token refresh, sign-out and the signed-in user. */
export const sessionsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/users/login', {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in', body: LoginInput, response: { 200: LoginOut, ...errors } },
      handler: (request) => sessions.login(ctx(request), request.body),
    });

    app.post('/users/refresh', {
      config: { access: 'public' },
      schema: { tags, summary: 'Rotate a refresh token', body: RefreshInput, response: { 200: Tokens, ...errors } },
      handler: (request) => sessions.refresh(ctx(request), request.body),
    });

    app.post('/users/logout', {
      config: { access: 'public' },
      schema: { tags, summary: 'End the sign-in of a refresh token', body: LogoutInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => sessions.logout(ctx(request), request.body.refresh_token),
    });

    app.get('/users/me', {
      config: { access: ROLES },
      schema: { tags, summary: 'The signed-in user', response: { 200: UserOut, ...errors } },
      handler: (request) => sessions.me(ctx(request)),
    });
  };
