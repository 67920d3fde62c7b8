import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOC_FILE_FIELDS, DocFileOut, DocInput, DocOut } from '@meltway/shared/academy/doc.schema';
import { DOC_MAX_BYTES } from '@meltway/shared/academy/limits';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { MessageOut } from '@meltway/shared/common/errors';
import { parseFields, readForm, type FormSpec } from '../../plugins/uploads.js';
import { errors, params, querystring, uploadErrors } from './academy-forms.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as documents from './documents.service.js';

const docForm: FormSpec = {
  fileFields: DOC_FILE_FIELDS,
  maxFiles: 1,
  allowed: ['application/pdf'],
  maxBytes: DOC_MAX_BYTES,
  typeMessage: m.docType,
  sizeMessage: m.docTooLarge,
  wrongTypeIs415: true,
};
const tags = ['academy: documents'];

/** The academy's PDF documents (SPEC.md §7). */
export const documentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/docs', {
      config: { access: accessOf('academy.manage') },
      schema: { tags, summary: 'PDF documents, newest first (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(DocOut), ...errors } },
      handler: (request) => documents.listDocuments(ctx(request), request.query),
    });
    app.post('/docs', {
      config: { access: accessOf('academy.manage') },
      schema: {
        tags,
        summary: 'Upload a PDF (multipart: name, and the file under `file` or `image`; 20 MB at most, checked from its bytes)',
        consumes: ['multipart/form-data'],
        response: { 201: DocOut, ...uploadErrors },
      },
      handler: async (request, reply) => {
        const form = await readForm(request, docForm);
        return reply.status(201).send(await documents.createDocument(ctx(request), parseFields(DocInput, form.fields), form.files[0]));
      },
    });
    app.get('/docs/:id', {
      config: { access: accessOf('academy.learn') },
      schema: { tags, summary: 'Where a document is: `{ image }`, its path on this host (learners: documents of published courses)', params, response: { 200: DocFileOut, ...errors } },
      handler: (request) => documents.getDocumentFile(ctx(request), request.params.id),
    });
    app.delete('/docs/permanent/:id', {
      config: { access: accessOf('academy.manage') },
      schema: { tags, summary: 'Delete a document no lesson opens (409 "already linked to course")', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => documents.deleteDocument(ctx(request), request.params.id),
    });
  };
