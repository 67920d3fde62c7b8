import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { ContactInput } from '@meltway/shared/content/contact.schema';
import { FaqInput, FaqOut, FaqUpdate } from '@meltway/shared/content/faq.schema';
import { ContentIdParams, ContentListQuery, HelpArticleInput, HelpArticleOut, HelpArticleParams, HelpArticleUpdate } from '@meltway/shared/content/help.schema';
import { contentMessages as m } from '@meltway/shared/content/messages';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { multipartConsumes, parseFields, readForm } from '../../plugins/uploads.js';
import * as content from './content.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const uploadErrors = { ...errors, 413: ErrorBody, 415: ErrorBody };
const imageForm = { fileFields: ['image'], maxFiles: 1, typeMessage: m.imageType } as const;
/** JSON bodies (the forms' fields without a file) with every text at its longest, in English and French: title and article; question and answer. */
const HELP_BODY_LIMIT = textBodyLimit(200, 200, 50_000, 50_000);
const FAQ_BODY_LIMIT = textBodyLimit(500, 500, 20_000, 20_000);

/** Help articles (SPEC.md §7), with edit and delete endpoints of their own. */
export const helpArticlesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const tags = ['help centre'];
    app.get('/helpcenter', {
      config: { access: accessOf('help.browse'), cache: { domains: ['content'] } },
      schema: { tags, summary: 'Help articles (an array; optional page, pageSize, q; lang: the language q searches, en or fr)', querystring: ContentListQuery, response: { 200: z.array(HelpArticleOut), ...errors } },
      handler: (request) => content.listHelpArticles(ctx(request), request.query),
    });
    app.get('/helpcenter/:idOrSlug', {
      config: { access: accessOf('help.browse'), cache: { domains: ['content'] } },
      schema: {
        tags,
        summary: 'One help article by id or slug; a former slug answers 301 to the present one',
        params: HelpArticleParams,
        response: { 200: HelpArticleOut, 301: z.null().describe('Moved: Location is the article at its present slug'), ...errors },
      },
      handler: async (request, reply) => {
        const found = await content.getHelpArticle(ctx(request), request.params.idOrSlug);
        if ('movedTo' in found) return reply.redirect(`/api/v1/helpcenter/${encodeURIComponent(found.movedTo)}`, 301);
        return found;
      },
    });
    app.post('/helpcenter', {
      config: { access: accessOf('help.manage') },
      bodyLimit: HELP_BODY_LIMIT,
      schema: { tags, summary: 'Create a help article (multipart: name, description, nameFr, descriptionFr, image)', consumes: multipartConsumes, response: { 201: HelpArticleOut, ...uploadErrors } },
      handler: async (request, reply) => {
        const form = await readForm(request, imageForm);
        return reply.status(201).send(await content.createHelpArticle(ctx(request), parseFields(HelpArticleInput, form.fields), form.files[0]));
      },
    });
    app.put('/helpcenter/:id', {
      config: { access: accessOf('help.manage') },
      bodyLimit: HELP_BODY_LIMIT,
      schema: { tags, summary: 'Edit a help article (multipart; a new image replaces the old one)', consumes: multipartConsumes, params: ContentIdParams, response: { 200: HelpArticleOut, ...uploadErrors } },
      handler: async (request) => {
        const form = await readForm(request, imageForm);
        return content.updateHelpArticle(ctx(request), request.params.id, parseFields(HelpArticleUpdate, form.fields), form.files[0]);
      },
    });
    app.delete('/helpcenter/permanent/:id', {
      config: { access: accessOf('help.manage') },
      schema: { tags, summary: 'Delete a help article', params: ContentIdParams, response: { 200: MessageOut, ...errors } },
      handler: (request) => content.deleteHelpArticle(ctx(request), request.params.id),
    });
  };

/** FAQs (SPEC.md §7), with edit and delete endpoints of their own. */
export const faqsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    const tags = ['faq'];
    app.get('/faq', {
      config: { access: accessOf('help.browse'), cache: { domains: ['content'] } },
      schema: { tags, summary: 'FAQs (an array; name = question, description = answer; optional page, pageSize, q; lang: the language q searches, en or fr)', querystring: ContentListQuery, response: { 200: z.array(FaqOut), ...errors } },
      handler: (request) => content.listFaqs(ctx(request), request.query),
    });
    app.post('/faq', {
      config: { access: accessOf('help.manage') },
      bodyLimit: FAQ_BODY_LIMIT,
      schema: { tags, summary: 'Create a FAQ (form data or JSON: name, description, nameFr, descriptionFr)', consumes: multipartConsumes, response: { 201: FaqOut, ...uploadErrors } },
      handler: async (request, reply) => {
        const form = await readForm(request, { fileFields: [] });
        return reply.status(201).send(await content.createFaq(ctx(request), parseFields(FaqInput, form.fields)));
      },
    });
    app.put('/faq/:id', {
      config: { access: accessOf('help.manage') },
      bodyLimit: FAQ_BODY_LIMIT,
      schema: { tags, summary: 'Edit a FAQ (form data or JSON)', consumes: multipartConsumes, params: ContentIdParams, response: { 200: FaqOut, ...uploadErrors } },
      handler: async (request) => {
        const form = await readForm(request, { fileFields: [] });
        return content.updateFaq(ctx(request), request.params.id, parseFields(FaqUpdate, form.fields));
      },
    });
    app.delete('/faq/permanent/:id', {
      config: { access: accessOf('help.manage') },
      schema: { tags, summary: 'Delete a FAQ', params: ContentIdParams, response: { 200: MessageOut, ...errors } },
      handler: (request) => content.deleteFaq(ctx(request), request.params.id),
    });
  };

/** The contact form: a message to support. */
export const contactRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    app.post('/contact', {
      config: { access: accessOf('contact.send') },
      // Name, email, subject and message at their longest.
      bodyLimit: textBodyLimit(120, 254, 200, 5000),
      schema: { tags: ['help centre'], summary: 'Send a message to support (stored, then mailed)', body: ContactInput, response: { 201: MessageOut, ...errors, 429: ErrorBody } },
      handler: async (request, reply) => reply.status(201).send(await content.sendContactMessage(ctx(request), request.body)),
    });
  };
