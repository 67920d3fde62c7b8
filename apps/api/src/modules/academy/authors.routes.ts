import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthorInput, AuthorOut, AuthorUpdate } from '@meltway/shared/academy/author.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { MessageOut } from '@meltway/shared/common/errors';
import { multipartConsumes, parseFields, readForm } from '../../plugins/uploads.js';
import { errors, imageForm, params, querystring, uploadErrors } from './academy-forms.js';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as authors from './authors.service.js';

const tags = ['academy: authors'];
/** An author as JSON (the form without its image): name and description at their longest. */
const AUTHOR_BODY_LIMIT = textBodyLimit(120, 5000);

/** The academy's authors (SPEC.md §7). */
export const authorsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/authors', {
      config: { access: accessOf('academy.browse') },
      schema: { tags, summary: 'Authors by name (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(AuthorOut), ...errors } },
      handler: (request) => authors.listAuthors(ctx(request), request.query),
    });
    app.post('/authors', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: AUTHOR_BODY_LIMIT,
      schema: { tags, summary: 'Create an author (multipart: name, description, image)', consumes: multipartConsumes, response: { 201: AuthorOut, ...uploadErrors } },
      handler: async (request, reply) => {
        const form = await readForm(request, imageForm);
        return reply.status(201).send(await authors.createAuthor(ctx(request), parseFields(AuthorInput, form.fields), form.files[0]));
      },
    });
    app.put('/authors/:id', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: AUTHOR_BODY_LIMIT,
      schema: { tags, summary: 'Edit an author (multipart; a new image replaces the old one)', consumes: multipartConsumes, params, response: { 200: AuthorOut, ...uploadErrors } },
      handler: async (request) => {
        const form = await readForm(request, imageForm);
        return authors.updateAuthor(ctx(request), request.params.id, parseFields(AuthorUpdate, form.fields), form.files[0]);
      },
    });
    app.delete('/authors/permanent/:id', {
      config: { access: accessOf('academy.manage') },
      schema: { tags, summary: 'Delete an author no course names (409 "already linked to course")', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => authors.deleteAuthor(ctx(request), request.params.id),
    });
  };
