import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { UserIdParams } from '@meltway/shared/accounts/user.schema';
import { CreditLimitInput } from '@meltway/shared/orders/order.schema';
import { CreditOut } from '@meltway/shared/payments/payment.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as credit from './credit.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['credit'];

/** Trade accounts' credit for paying on account: admins set the limit; the account reads its own. */
export const creditRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/users/:id/credit', {
      config: { access: accessOf('credit.view') },
      schema: { tags, summary: "A trade account's credit limit, what it owes and what is left (cents)", params: UserIdParams, response: { 200: CreditOut, ...errors } },
      handler: (request) => credit.getCredit(ctx(request), request.params.id),
    });

    app.put('/users/:id/credit-limit', {
      config: { access: accessOf('credit.manage') },
      schema: {
        tags,
        summary: "Set a dealer's or contractor's credit limit (cents); null removes its credit",
        params: UserIdParams,
        body: CreditLimitInput,
        response: { 200: CreditOut, ...errors },
      },
      handler: (request) => credit.setCreditLimit(ctx(request), request.params.id, request.body),
    });
  };
