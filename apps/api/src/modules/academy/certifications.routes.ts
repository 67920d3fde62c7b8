import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CertificationInput, CertificationOut, CertificationUpdate } from '@meltway/shared/academy/certification.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { MessageOut } from '@meltway/shared/common/errors';
import { multipartConsumes, parseFields, readForm } from '../../plugins/uploads.js';
import { errors, imageForm, params, querystring, uploadErrors } from './academy-forms.js';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as certifications from './certifications.service.js';

const tags = ['academy: certifications'];
/** A certification as JSON (the form without its image): name and description in English and French at their longest, a course id and a score. */
const CERTIFICATION_BODY_LIMIT = textBodyLimit(200, 200, 5000, 5000);

/** The certifications courses award (SPEC.md §7). */
export const certificationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/certifications', {
      config: { access: accessOf('academy.browse') },
      schema: { tags, summary: 'Certifications with their course and passing score (an array; published courses only for non-admins)', querystring, response: { 200: z.array(CertificationOut), ...errors } },
      handler: (request) => certifications.listCertifications(ctx(request), request.query),
    });
    app.post('/certifications', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: CERTIFICATION_BODY_LIMIT,
      schema: { tags, summary: 'Create a certification (multipart: name, nameFr, description, descriptionFr, courseId, passingScore, productFamilies, image)', consumes: multipartConsumes, response: { 201: CertificationOut, ...uploadErrors } },
      handler: async (request, reply) => {
        const form = await readForm(request, imageForm);
        return reply.status(201).send(await certifications.createCertification(ctx(request), parseFields(CertificationInput, form.fields), form.files[0]));
      },
    });
    app.put('/certifications/:id', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: CERTIFICATION_BODY_LIMIT,
      schema: { tags, summary: 'Edit a certification (multipart; a new image replaces the old one)', consumes: multipartConsumes, params, response: { 200: CertificationOut, ...uploadErrors } },
      handler: async (request) => {
        const form = await readForm(request, imageForm);
        return certifications.updateCertification(ctx(request), request.params.id, parseFields(CertificationUpdate, form.fields), form.files[0]);
      },
    });
    app.delete('/certifications/permanent/:id', {
      config: { access: accessOf('academy.manage') },
      schema: { tags, summary: 'Delete a certification', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => certifications.deleteCertification(ctx(request), request.params.id),
    });
  };
