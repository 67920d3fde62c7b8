import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { commonMessages } from '@meltway/shared/common/messages';
import { ErrorBody } from '@meltway/shared/common/errors';
import { designMessages as m } from '@meltway/shared/design/messages';
import { DesignParams, DesignProject, ReadingInput } from '@meltway/shared/design/project.schema';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { readForm } from '../../plugins/uploads.js';
import * as tracking from './tracking.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['design: tracking'];
const params = DesignParams;
const ReadingParams = DesignParams.extend({ readingId: z.uuid({ error: commonMessages.notFound }) });
const PhotoParams = DesignParams.extend({ photoId: z.uuid({ error: commonMessages.notFound }) });

/** A project's installation record: the installer's readings of each mat or cable, and site photos (its owner's and an admin's). */
export const trackingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const access = accessOf('designs.own');

    app.post('/designs/:id/readings', {
      config: { access },
      schema: {
        tags,
        summary: 'Record the insulation-resistance and continuity test of one unit before or after the pour (a new one replaces the same unit and phase)',
        params,
        body: ReadingInput,
        response: { 201: DesignProject, ...errors },
      },
      handler: async (request, reply) => reply.status(201).send(await tracking.recordReading(ctx(request), request.params.id, request.body)),
    });

    app.delete('/designs/:id/readings/:readingId', {
      config: { access },
      schema: { tags, summary: 'Remove one reading', params: ReadingParams, response: { 200: DesignProject, ...errors } },
      handler: (request) => tracking.removeReading(ctx(request), request.params.id, request.params.readingId),
    });

    app.post('/designs/:id/photos', {
      config: { access },
      schema: {
        tags,
        summary: 'Add a site photo (multipart, field "photo", one JPEG, PNG or WebP image checked by its bytes)',
        consumes: ['multipart/form-data'],
        params,
        response: { 201: DesignProject, ...errors, 413: ErrorBody, 415: ErrorBody },
      },
      handler: async (request, reply) => {
        const form = await readForm(request, { fileFields: ['photo'], maxFiles: 1, typeMessage: m.photoInvalid });
        return reply.status(201).send(await tracking.addPhoto(ctx(request), request.params.id, form.files[0]));
      },
    });

    app.delete('/designs/:id/photos/:photoId', {
      config: { access },
      schema: { tags, summary: 'Remove one photo', params: PhotoParams, response: { 200: DesignProject, ...errors } },
      handler: (request) => tracking.removePhoto(ctx(request), request.params.id, request.params.photoId),
    });
  };
