import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as certificates from './certificates.service.js';

/** Kept five minutes by anyone: a new key is published within that time, and a verifier reads it again for an unknown key id. */
const CACHE = 'public, max-age=300';

/**
 * /.well-known/jwks.json and /.well-known/did.json, at the root where verifiers of the platform's credentials look
 * for its public keys (a JWK Set, and the did:web document of the issuer id the credentials name). Like /robots.txt,
 * not part of the API: no access rule (no session is read), readable from any origin.
 */
export const wellKnownRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/.well-known/jwks.json', {
      schema: { hide: true },
      handler: async (request, reply) =>
        reply
          .type('application/jwk-set+json; charset=utf-8')
          .header('cache-control', CACHE)
          .header('access-control-allow-origin', '*')
          .send(JSON.stringify(await certificates.jwks(makeCtx(deps, request)))),
    });
    app.get('/.well-known/did.json', {
      schema: { hide: true },
      handler: async (request, reply) =>
        reply
          .type('application/did+json; charset=utf-8')
          .header('cache-control', CACHE)
          .header('access-control-allow-origin', '*')
          .send(JSON.stringify(await certificates.didDocument(makeCtx(deps, request)))),
    });
  };
