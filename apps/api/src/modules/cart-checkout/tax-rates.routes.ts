import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { TaxRateInput, TaxRateOut } from '@meltway/shared/cart-checkout/tax-rate.schema';
import { ErrorBody } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as taxRates from './tax-rates.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody };
const tags = ['tax rates'];

/** Sales tax rates by province with their dates: admins read them all and schedule changes. */
export const taxRatesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const access = accessOf('taxRates.manage');

    app.get('/tax-rates', {
      config: { access },
      schema: { tags, summary: 'Every rate, past, in force and scheduled, by province, tax and start', response: { 200: z.array(TaxRateOut), ...errors } },
      handler: (request) => taxRates.listTaxRates(ctx(request)),
    });

    app.post('/tax-rates', {
      config: { access },
      schema: {
        tags,
        summary: 'Schedule a rate change from a day after today; the rate in force then ends that day',
        body: TaxRateInput,
        response: { 201: TaxRateOut, ...errors },
      },
      handler: async (request, reply) => reply.status(201).send(await taxRates.addTaxRate(ctx(request), request.body)),
    });
  };
