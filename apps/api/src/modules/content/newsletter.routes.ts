import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { NewsletterInput, NewsletterTokenInput } from '@meltway/shared/content/newsletter.schema';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as newsletter from './newsletter.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const tags = ['newsletter'];

/** The footer's newsletter: double opt-in, unsubscribe from any mail, CSV export for admins. */
export const newsletterRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/newsletter/subscribe', {
      config: { access: accessOf('newsletter.subscribe') },
      schema: { tags, summary: 'Subscribe (a confirmation mail is sent; the same answer for any address)', body: NewsletterInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => newsletter.subscribe(ctx(request), request.body),
    });

    app.post('/newsletter/confirm', {
      config: { access: accessOf('newsletter.subscribe') },
      schema: { tags, summary: 'Confirm a subscription with the mailed token', body: NewsletterTokenInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => newsletter.confirm(ctx(request), request.body.token),
    });

    app.post('/newsletter/unsubscribe', {
      config: { access: accessOf('newsletter.subscribe') },
      schema: { tags, summary: 'Unsubscribe with the token of any newsletter mail', body: NewsletterTokenInput, response: { 200: MessageOut, ...errors } },
      handler: (request) => newsletter.unsubscribe(ctx(request), request.body.token),
    });

    app.get('/newsletter/subscribers.csv', {
      config: { access: accessOf('newsletter.export') },
      schema: { tags, summary: 'Confirmed subscribers as CSV', produces: ['text/csv'], response: { 200: z.string(), ...errors } },
      handler: async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="newsletter-subscribers-${ctx(request).now.toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'no-store')
          .send(await newsletter.subscribersCsv(ctx(request))),
    });
  };
