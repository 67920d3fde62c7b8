import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CacheDomain, CacheVersions } from '../lib/cache-versions.js';
import { registerPublicCache } from './public-cache.js';

/** A route whose handler counts its runs and answers staff (any Authorization) with more than the public. */
async function appWith(opts: { maxEntries?: number } = {}) {
  const versions = new Map<CacheDomain, number>();
  const registry: CacheVersions = { version: (d) => versions.get(d) ?? 0, refresh: async () => {}, start: async () => {}, stop: () => {} };
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerPublicCache(app, registry, opts);
  let runs = 0;
  app.get('/items/:id', {
    config: { cache: { domains: ['catalogue'] } },
    schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ id: z.string(), name: z.string(), supplier: z.string().nullable() }), 404: z.object({ message: z.string() }) } },
    handler: async (request, reply) => {
      runs += 1;
      if (request.params.id === 'missing') return reply.status(404).send({ message: 'missing' });
      const staff = !!request.headers.authorization;
      // `secret` is outside the schema: it must never reach an answer, cached or not.
      return { id: request.params.id, name: `item ${versions.get('catalogue') ?? 0}`, supplier: staff ? 'Acme' : null, secret: 'x' } as never;
    },
  });
  app.get('/plain', { handler: async () => ({ ok: true }) });
  await app.ready();
  return { app, runs: () => runs, bump: (d: CacheDomain) => versions.set(d, (versions.get(d) ?? 0) + 1) };
}

describe('the public answer cache', () => {
  let app: Awaited<ReturnType<typeof appWith>>['app'] | undefined;
  afterEach(async () => app?.close());

  it('keeps a public answer serialised through the schema, tags it, and answers If-None-Match with 304', async () => {
    const t = await appWith();
    app = t.app;
    const first = await app.inject({ url: '/items/a' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: 'a', name: 'item 0', supplier: null });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: '/items/a' });
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-type']).toContain('application/json');
    expect(t.runs()).toBe(1);
    const revalidated = await app.inject({ url: '/items/a', headers: { 'if-none-match': `W/${etag}` } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(t.runs()).toBe(1);
  });

  it("retires every kept answer when its domain's version moves", async () => {
    const t = await appWith();
    app = t.app;
    const before = await app.inject({ url: '/items/a' });
    t.bump('academy');
    await app.inject({ url: '/items/a' });
    expect(t.runs()).toBe(1);
    t.bump('catalogue');
    const after = await app.inject({ url: '/items/a', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('item 1');
    expect(t.runs()).toBe(2);
  });

  it('answers signed-in requests privately, never from nor into the public cache', async () => {
    const t = await appWith();
    app = t.app;
    const staff = await app.inject({ url: '/items/a', headers: { authorization: 'Bearer staff' } });
    expect(staff.json().supplier).toBe('Acme');
    expect(staff.headers['cache-control']).toBe('private, no-cache');
    const revalidated = await app.inject({ url: '/items/a', headers: { authorization: 'Bearer staff', 'if-none-match': staff.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    const anonymous = await app.inject({ url: '/items/a' });
    expect(anonymous.json().supplier).toBeNull();
    expect(anonymous.headers['cache-control']).toBe('public, no-cache');
    await app.inject({ url: '/items/a', headers: { authorization: 'Bearer staff' } });
    expect(t.runs()).toBe(4);
  });

  it('keeps no error and leaves routes that did not opt in alone', async () => {
    const t = await appWith();
    app = t.app;
    expect((await app.inject({ url: '/items/missing' })).statusCode).toBe(404);
    const missing = await app.inject({ url: '/items/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(t.runs()).toBe(2);
    const plain = await app.inject({ url: '/plain' });
    expect(plain.headers.etag).toBeUndefined();
    expect(plain.headers['cache-control']).toBeUndefined();
  });

  it('drops the oldest answer when full', async () => {
    const t = await appWith({ maxEntries: 2 });
    app = t.app;
    for (const id of ['a', 'b', 'c']) await app.inject({ url: `/items/${id}` });
    expect(t.runs()).toBe(3);
    await app.inject({ url: '/items/c' });
    await app.inject({ url: '/items/b' });
    expect(t.runs()).toBe(3);
    await app.inject({ url: '/items/a' });
    expect(t.runs()).toBe(4);
  });
});
