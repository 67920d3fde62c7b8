import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { AboutFigures } from '@meltway/shared/content/about.schema';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { aboutFigures } from './about.service.js';

/** The About page's figures: public, kept by the public answer cache. */
export const aboutRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/about/figures', {
      // Courses and dealers move the academy and users versions, which retire the kept answer at once.
      // Enrolments, certificates and the passing of an expiry move no version: they show once the kept
      // answer has lived its time (30 seconds).
      config: { access: accessOf('about.view'), cache: { domains: ['academy', 'users'] } },
      schema: {
        tags: ['about'],
        summary: 'Published courses, enrolled learners, valid certificates and approved dealers; ETag and If-None-Match supported',
        response: { 200: AboutFigures },
      },
      handler: (request) => aboutFigures(makeCtx(deps, request)),
    });
  };
