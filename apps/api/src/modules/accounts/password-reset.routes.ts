import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ForgotPasswordInput, ResetPasswordInput, ResetTokenOut, ResetTokenParams } from '@meltway/shared/accounts/auth.schema';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as passwordReset from './password-reset.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['accounts'];

/** Password reset: the mailed link, and the new password set with it. */
export const passwordResetRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/users/forgot-password', {
      config: { access: 'public' },
      schema: { tags, summary: 'Mail a password reset link', body: ForgotPasswordInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => passwordReset.forgotPassword(ctx(request), request.body),
    });

    app.get('/users/reset-password/:token', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check a reset link without using it: 400 says whether it is invalid, used or expired',
        params: ResetTokenParams,
        response: { 200: ResetTokenOut, ...errors },
      },
      handler: (request) => passwordReset.checkResetToken(ctx(request), request.params.token),
    });

    app.post('/users/reset-password', {
      config: { access: 'public' },
      schema: { tags, summary: 'Set a new password with a reset link', body: ResetPasswordInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => passwordReset.resetPassword(ctx(request), request.body),
    });
  };
