import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

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
  reply.header('vary', 'authorization');
  if (matches(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
