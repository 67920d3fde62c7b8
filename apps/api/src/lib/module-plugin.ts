import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from './ctx.js';

/** Where the API's routes live. A module's few other routes (robots.txt, /.well-known/...) sit at the site's root. */
export const API_PREFIX = '/api/v1';

/** A route plugin as the `*.routes.ts` files export them (one or several a file): made from the app's dependencies. */
type RoutesOf = (deps: Deps) => FastifyPluginAsyncZod;

/**
 * A module as one plugin (`modules/<domain>/index.ts`): its API routes under /api/v1 in the order given, then its
 * routes at the site's root. Each route plugin stays encapsulated, its hooks its own.
 */
export function modulePlugin(api: RoutesOf[], root: RoutesOf[] = []): RoutesOf {
  return (deps) => async (app) => {
    for (const routes of api) await app.register(routes(deps), { prefix: API_PREFIX });
    for (const routes of root) await app.register(routes(deps));
  };
}
