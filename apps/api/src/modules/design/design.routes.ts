import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody } from '@meltway/shared/common/errors';
import { DesignInput, DesignProduct, DesignResult } from '@meltway/shared/design/design.schema';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { DESIGN_BODY_LIMIT } from './design-limits.js';
import * as design from './design.service.js';

const tags = ['design'];

/** The layout generator's engine for everyone: the catalogue it designs with, and a calculation on the server. */
export const designRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/design/products', {
      config: { access: accessOf('design.calculate'), cache: { domains: ['catalogue'] } },
      schema: {
        tags,
        summary: 'The live catalogue the layout generator designs with: active mats, cables, controls and accessories with their technical data',
        response: { 200: z.array(DesignProduct) },
      },
      handler: (request) => design.designCatalogue(ctx(request)),
    });

    app.post('/design/calculate', {
      config: { access: accessOf('design.calculate') },
      bodyLimit: DESIGN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Design a snowmelt system on the live catalogue: heat flux, layout, circuits, bill of materials, running cost, checks',
        description:
          'No sign-in; limited per client address. Input the engine cannot design with is a 400 naming the field. The engine runs in a bounded pool of worker threads: when every thread is busy and the queue is full, or a calculation runs over its time limit, the answer is a 503 (`design.busy`, `design.calculationTooLong`) with a Retry-After.',
        body: DesignInput,
        response: { 200: DesignResult, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
      // The design arrives as the JSON its engine thread wrote, a DesignResult: Fastify sends a Buffer as it is, not
      // parsed, checked and written again on the event loop (half a megabyte for the largest design).
      handler: async (request, reply) => {
        const json = await design.calculate(ctx(request), request.body);
        return reply.type('application/json; charset=utf-8').send(json as unknown as DesignResult);
      },
    });
  };
