import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TtlCache } from './ttl-cache.js';

/** A JSON answer serialised once, through its response schema, with its entity tag. */
export type CachedJson = { body: Buffer; etag: string; shared: boolean };

/** Serialises `value` through `schema` (so nothing outside the schema leaks) and tags it. */
export function toCachedJson<T extends z.ZodType>(schema: T, value: z.input<T>, shared: boolean): CachedJson {
  const body = Buffer.from(JSON.stringify(schema.parse(value)));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, shared };
}

const matches = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));

/**
 * Sends a serialised answer, or 304 when the client already holds it. Public answers may be kept by
 * shared caches but are revalidated each time; answers for a signed-in user stay private.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('etag', cached.etag);
  reply.header('cache-control', cached.shared ? 'public, no-cache' : 'private, no-cache');
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}

/**
 * Public answers by URL, for GET requests without credentials. Its hook answers a repeated URL
 * before the query is even parsed; `version` changes on every write, retiring all entries at once.
 */
export function publicUrlCache(version: () => number, ttlMs = 30_000, maxEntries = 2000) {
  const cache = new TtlCache<CachedJson>(ttlMs, maxEntries);
  const keyOf = (request: FastifyRequest) => (request.method === 'GET' && !request.headers.authorization ? `${version()} ${request.url}` : undefined);
  return {
    /** The key to remember an answer under; taken before computing it, so a write meanwhile retires it. */
    keyOf,
    remember(key: string | undefined, cached: CachedJson) {
      if (key && cached.shared) cache.set(key, cached);
    },
    /** An onRequest hook that sends the cached answer when there is one. */
    async answer(request: FastifyRequest, reply: FastifyReply) {
      const key = keyOf(request);
      const hit = key && cache.get(key);
      if (hit) return sendCachedJson(request, reply, hit);
    },
  };
}
