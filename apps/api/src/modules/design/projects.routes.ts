import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody } from '@meltway/shared/common/errors';
import { CreateDesignInput, DesignCartInput, DesignCartOut, DesignList, DesignListQuery, DesignParams, DesignProject, UpdateDesignInput } from '@meltway/shared/design/project.schema';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { DESIGN_BODY_LIMIT } from './design-limits.js';
import * as projects from './projects.service.js';
import { LANGUAGES } from '@meltway/shared/common/language';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['design: projects'];
const params = DesignParams;
const PdfQuery = z.object({ lang: z.enum(LANGUAGES).default('en') });
/** Every signed-in role; which projects each may reach is the service's to say. */
const access = accessOf('designs.own');

/** Saved layout projects: their owner's (and an admin's) to change, its dealer's to read once a contractor shares one. */
export const projectsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/designs', {
      config: { access },
      schema: {
        tags,
        summary: "Projects most recently saved first: the caller's own, a dealer's also its contractors' shared ones, an admin's everybody's",
        querystring: DesignListQuery,
        response: { 200: DesignList, ...errors },
      },
      handler: (request) => projects.listProjects(ctx(request), request.query),
    });

    app.post('/designs', {
      config: { access },
      bodyLimit: DESIGN_BODY_LIMIT,
      schema: { tags, summary: 'Save a project; the server designs it on the live catalogue', body: CreateDesignInput, response: { 201: DesignProject, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await projects.createProject(ctx(request), request.body)),
    });

    app.get('/designs/:id', {
      config: { access },
      schema: { tags, summary: 'One project with its result, readings, photos and what inspection still needs', params, response: { 200: DesignProject, ...errors } },
      handler: (request) => projects.getProject(ctx(request), request.params.id),
    });

    app.put('/designs/:id', {
      config: { access },
      bodyLimit: DESIGN_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Rename, redesign (on the live catalogue), share with the dealer or move the status one step forward',
        params,
        body: UpdateDesignInput,
        response: { 200: DesignProject, ...errors },
      },
      handler: (request) => projects.updateProject(ctx(request), request.params.id, request.body),
    });

    app.delete('/designs/:id', {
      config: { access },
      schema: { tags, summary: 'Delete a project with its readings and photos', params, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await projects.deleteProject(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };

/** What a saved project gives: its whole bill of materials in its owner's cart, and its permit pack. */
export const projectOutputsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/designs/:id/cart', {
      config: { access },
      schema: {
        tags,
        summary:
          "Add the project's whole bill of materials, at live prices and stock, to its owner's cart (quantities add up); 409 design.stockShort naming each short line when the stock cannot take it, nothing added; `partial: true` adds what the stock allows and names the lines still short",
        params,
        body: DesignCartInput,
        response: { 200: DesignCartOut, ...errors, 409: ErrorBody },
      },
      handler: (request) => projects.addProjectToCart(ctx(request), request.params.id, request.body),
    });

    app.get('/designs/:id/permit-pack.pdf', {
      config: { access },
      schema: {
        tags,
        summary: 'The permit pack as PDF: plan, circuit schedule, bill of materials, heat-flux calculation and the CEC 62 / NEC 426 checklist',
        produces: ['application/pdf'],
        params,
        querystring: PdfQuery,
        response: { 200: z.unknown().describe('The PDF'), ...errors },
      },
      handler: async (request, reply) => {
        const file = await projects.permitPack(ctx(request), request.params.id, request.query.lang);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(Buffer.from(file.pdf));
      },
    });
  };
