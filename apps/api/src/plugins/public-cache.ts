import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { CacheDomain, CacheVersions } from '../lib/cache-versions.js';
import { TtlCache } from '../lib/ttl-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opts a GET route into entity tags and, for anonymous requests, the public answer cache. */
    cache?: { domains: CacheDomain[] };
  }
  interface FastifyRequest {
    publicCacheKey?: string;
    publicCacheHit?: boolean;
  }
}

type Kept = { body: Buffer; etag: string; headers: [string, string][] };

/** Headers of an answer that are part of it (a list's total), kept with the body and sent again on hits and 304s. */
const KEPT_HEADERS = ['x-total-count'];

export type PublicCacheOptions = { ttlMs?: number; maxEntries?: number };

const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

function tag(request: FastifyRequest, reply: FastifyReply, etag: string, shared: boolean) {
  reply.header('etag', etag);
  reply.header('cache-control', shared ? 'public, no-cache' : 'private, no-cache');
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
  return matches(request.headers['if-none-match'], etag);
}

/**
 * The one cache of public answers. A route opts in with `config.cache.domains`; every 200 answer it
 * gives gets an entity tag (If-None-Match → 304), public ones `public, no-cache`, signed-in ones
 * `private, no-cache`. Answers to requests without credentials are kept as Fastify serialised them
 * through the route's response schema, under the URL and the versions of the route's domains: any
 * committed write to a domain, by any process, moves its version and retires them all.
 */
export function registerPublicCache(app: FastifyInstance, versions: CacheVersions, opts: PublicCacheOptions = {}) {
  const kept = new TtlCache<Kept>(opts.ttlMs ?? 30_000, opts.maxEntries ?? 5000, { name: 'public-answers' });
  // Declared up front so every request object keeps one shape; properties added on the fly would not.
  app.decorateRequest('publicCacheKey', undefined);
  app.decorateRequest('publicCacheHit', false);

  // The hooks are attached to the routes that opt in, as they are declared: other routes run none of them.
  app.addHook('onRoute', (route) => {
    const domains = route.config?.cache?.domains;
    if (!domains) return;
    const keyOf = (request: FastifyRequest) => {
      let key = '';
      for (const d of domains) key += `${versions.version(d)} `;
      return key + request.url;
    };

    const answerKept: onRequestHookHandler = (request, reply, done) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.authorization) return done();
      // Taken before the answer is computed, so a write meanwhile retires it.
      const key = keyOf(request);
      request.publicCacheKey = key;
      const hit = kept.get(key);
      if (!hit) return done();
      request.publicCacheHit = true;
      for (const [name, value] of hit.headers) reply.header(name, value);
      if (tag(request, reply, hit.etag, true)) reply.status(304).send();
      else reply.type('application/json; charset=utf-8').send(hit.body);
    };

    const keep: onSendHookHandler = (request, reply, payload, done) => {
      if (request.publicCacheHit || reply.statusCode !== 200) return done(null, payload);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      const body = Buffer.from(payload);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const key = request.publicCacheKey;
      if (key) {
        const headers: [string, string][] = [];
        for (const name of KEPT_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers.push([name, String(value)]);
        }
        kept.set(key, { body, etag, headers });
      }
      if (tag(request, reply, etag, !!key)) {
        reply.status(304);
        return done(null, null);
      }
      done(null, payload);
    };

    route.onRequest = [...[route.onRequest ?? []].flat(), answerKept];
    route.onSend = [...[route.onSend ?? []].flat(), keep];
  });
}
