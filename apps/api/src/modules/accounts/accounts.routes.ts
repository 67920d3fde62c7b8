import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForgotPasswordInput, LoginInput, LoginOut, LogoutInput, RefreshInput, ResetPasswordInput, Tokens } from '@meltway/shared/accounts/auth.schema';
import { ApproveInput, DealerList, DealerListQuery, PublicDealerList, PublicDealerQuery } from '@meltway/shared/accounts/dealer.schema';
import { RegisterInput } from '@meltway/shared/accounts/register.schema';
import { REGISTER_FILE_MAX_BYTES, ROLES } from '@meltway/shared/accounts/roles';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { UserIdParams, UserOut } from '@meltway/shared/accounts/user.schema';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as accounts from './accounts.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['accounts'];

export const accountsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/users/login', {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in', body: LoginInput, response: { 200: LoginOut, ...errors } },
      handler: (request) => accounts.login(ctx(request), request.body),
    });

    app.post('/users/refresh', {
      config: { access: 'public' },
      schema: { tags, summary: 'Rotate a refresh token', body: RefreshInput, response: { 200: Tokens, ...errors } },
      handler: (request) => accounts.refresh(ctx(request), request.body),
    });

    app.post('/users/logout', {
      config: { access: 'public' },
      schema: { tags, summary: 'End the sign-in of a refresh token', body: LogoutInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => accounts.logout(ctx(request), request.body.refresh_token),
    });

    app.get('/users/me', {
      config: { access: ROLES },
      schema: { tags, summary: 'The signed-in user', response: { 200: UserOut, ...errors } },
      handler: (request) => accounts.me(ctx(request)),
    });

    app.post('/users/forgot-password', {
      config: { access: 'public' },
      schema: { tags, summary: 'Mail a password reset link', body: ForgotPasswordInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => accounts.forgotPassword(ctx(request), request.body),
    });

    app.post('/users/reset-password', {
      config: { access: 'public' },
      schema: { tags, summary: 'Set a new password with a reset link', body: ResetPasswordInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => accounts.resetPassword(ctx(request), request.body),
    });

    app.post('/users', {
      config: { access: 'public' },
      // Two base64 files of at most 5 MB each, plus the form.
      bodyLimit: Math.ceil((REGISTER_FILE_MAX_BYTES * 2 * 4) / 3) + 256 * 1024,
      schema: { tags, summary: 'Register a dealer, contractor or customer', body: RegisterInput, response: { 201: UserOut, ...errors, 413: ErrorBody, 415: ErrorBody } },
      handler: async (request, reply) => reply.status(201).send(await accounts.register(ctx(request), request.body)),
    });

    app.get('/users/publicdealer', {
      config: { access: 'public' },
      schema: { tags, summary: 'Approved dealers (public fields)', querystring: PublicDealerQuery, response: { 200: PublicDealerList, ...errors } },
      handler: (request) => accounts.listPublicDealers(ctx(request)),
    });

    app.get('/users/dealer', {
      config: { access: ['admin'] },
      schema: { tags, summary: 'All dealers with their data', querystring: DealerListQuery, response: { 200: DealerList, ...errors } },
      handler: (request) => accounts.listDealers(ctx(request), request.query),
    });

    app.post('/users/dealer/:id/approve', {
      config: { access: ['admin', 'dealer'] },
      schema: { tags, summary: 'Approve or reject a pending dealer or contractor', params: UserIdParams, body: ApproveInput, response: { 200: UserOut, ...errors } },
      handler: (request) => accounts.decideApproval(ctx(request), request.params.id, request.body),
    });

    app.get('/users/:id/void-cheque', {
      config: { access: accessOf('dealers.voidCheque') },
      schema: { tags, summary: "A dealer's void cheque (the dealer itself or an admin)", params: UserIdParams, response: { 200: z.unknown().describe('The file: PDF, PNG or JPEG'), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
      handler: async (request, reply) => {
        const file = await accounts.readVoidCheque(ctx(request), request.params.id);
        return reply
          .type(file.type)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `inline; filename="void-cheque.${file.ext}"`)
          .send(Buffer.from(file.bytes));
      },
    });

    app.delete('/users/permanent/:id', {
      config: { access: ['admin'] },
      schema: { tags, summary: 'Delete an account for good', params: UserIdParams, response: { 200: MessageOut, ...errors } },
      handler: (request) => accounts.deleteUser(ctx(request), request.params.id),
    });
  };

