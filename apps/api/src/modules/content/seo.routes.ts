import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as seo from './seo.service.js';

/**
 * /robots.txt and /sitemap.xml, at the root where search engines look for them. They are not part of
 * the API: no access rule (no session is read) and no entry in its documentation.
 */
export const seoRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/robots.txt', {
      schema: { hide: true },
      handler: (request, reply) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(seo.robotsTxt(makeCtx(deps, request))),
    });
    // Read from the database on each request: help articles have no cache version to retire a kept copy by.
    app.get('/sitemap.xml', {
      schema: { hide: true },
      handler: async (request, reply) =>
        reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(await seo.sitemapXml(makeCtx(deps, request))),
    });
  };
