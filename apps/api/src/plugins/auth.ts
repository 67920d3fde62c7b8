import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountsMessages as m } from '@meltway/shared/accounts/messages';
import type { Role } from '@meltway/shared/accounts/roles';
import type { SessionUser } from '../lib/ctx.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import { API_PREFIX } from '../lib/module-plugin.js';

/** Who may call a route: anyone, or a signed-in user with one of these roles. */
type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const bearer = (request: FastifyRequest) => {
  const h = request.headers.authorization;
  return h && /^Bearer\s+/i.test(h) ? h.replace(/^Bearer\s+/i, '').trim() : null;
};

/**
 * Every /api route must say who may call it (`config.access`); a route that forgets fails at start-up.
 * The token is checked against the user's current row, so a reset or deactivation ends sessions at once.
 */
export function registerAuth(app: FastifyInstance, authenticate: (token: string) => Promise<SessionUser | null>) {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX) && !route.config?.access) {
      throw new Error(`${route.method} ${route.url} does not declare config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = bearer(request);
    request.user = token ? await authenticate(token) : null;
    if (access === 'public') return;
    if (!request.user) throw new UnauthorizedError(m.notSignedIn);
    if (!access.includes(request.user.role)) throw new ForbiddenError(m.forbidden);
  });
}
