import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CacheDomain, CacheVersions } from '../lib/cache-versions.js';
import { registerWebPages } from './web-pages.js';

/**
 * A server renderer standing in for the built one: it counts its renders on `globalThis` and renders
 * `/moved` as a redirect and `/nowhere` as a 404 page, every other address as a page that may be kept.
 */
const RENDERER = `
export async function createRenderer() {
  return async (url) => {
    globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
    if (url === '/moved') return { kind: 'redirect', status: 301, location: '/lms' };
    const status = url === '/nowhere' ? 404 : 200;
    const html = '<main>' + url + ' render ' + globalThis.pageRenders + '</main>' + 'x'.repeat(2000);
    return { kind: 'page', status, language: url.startsWith('/fr') ? 'fr' : 'en', html, head: '<title>' + url + '</title>', state: null, keep: true };
  };
}
`;

const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;

describe('the site pages', () => {
  let dir: string;
  let app: FastifyInstance | undefined;
  const versions = new Map<CacheDomain, number>();
  const registry: CacheVersions = { version: (d) => versions.get(d) ?? 0, refresh: async () => {}, start: async () => {}, stop: () => {} };
  /** Requests that went past the `onRequest` hooks to the not-found handler's course. */
  let handled = 0;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-pages-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html>\n<html lang="en-CA"><head><title>Meltway</title>\n<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dir, 'entry-server.mjs'), RENDERER);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    await app?.close();
    (globalThis as { pageRenders?: number }).pageRenders = 0;
    versions.clear();
  });

  async function site(extra: { videoEmbedUrl?: string } = {}) {
    app = Fastify();
    handled = 0;
    app.addHook('preHandler', async () => {
      handled += 1;
    });
    app.get('/api/v1/ping', async () => ({ ok: true }));
    await registerWebPages(app, registry, {
      webDist: dir,
      serverEntry: path.join(dir, 'entry-server.mjs'),
      origin: 'http://localhost',
      notFound: (request, reply) => reply.status(404).send({ code: 'common.notFound' }),
      ...extra,
    });
    await app.ready();
    return app;
  }

  it('renders a page once, then sends it as kept from its hook, compressed as asked, and 304 while it is the same', async () => {
    const app = await site();
    const first = await app.inject({ url: '/fr/product/mat' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('<html lang="fr-CA">');
    expect(first.body).toContain('<div id="root"><main>/fr/product/mat render 1</main>');
    expect([renders(), handled]).toEqual([1, 1]);

    const kept = await app.inject({ url: '/fr/product/mat', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(kept.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(kept.rawPayload).toString()).toBe(first.body);
    expect(kept.headers.etag).toBe(first.headers.etag);
    // Neither rendered again nor taken through the handler's course.
    expect([renders(), handled]).toEqual([1, 1]);

    const revalidated = await app.inject({ url: '/fr/product/mat', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect([renders(), handled]).toEqual([1, 1]);
  });

  it("names the video lessons' embed address in every page's head, for the web to read", async () => {
    const app = await site({ videoEmbedUrl: 'https://videos.example.test/embed/?a="b"&c' });
    const page = await app.inject({ url: '/lms/course/x' });
    const meta = page.body.indexOf('<meta name="video-embed-url" content="https://videos.example.test/embed/?a=&quot;b&quot;&amp;c" />');
    expect(meta).toBeGreaterThan(page.body.indexOf('<head>'));
    expect(meta).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('renders again once a domain the pages show has changed', async () => {
    const app = await site();
    await app.inject({ url: '/categories' });
    versions.set('catalogue', 1);
    const after = await app.inject({ url: '/categories' });
    expect(after.body).toContain('/categories render 2');
    expect(renders()).toBe(2);
  });

  it('keeps a 404 page and a redirect with their status', async () => {
    const app = await site();
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ url: '/nowhere' })).statusCode).toBe(404);
      const moved = await app.inject({ url: '/moved' });
      expect([moved.statusCode, moved.headers.location]).toEqual([301, '/lms']);
    }
    expect(renders()).toBe(2);
  });

  it('leaves API paths, files and other methods to the not-found answer, and routes to their handlers', async () => {
    const app = await site();
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['GET', '/assets/index-2.js'],
      ['GET', '/favicon.png'],
      ['POST', '/categories'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'common.notFound' });
    }
    expect((await app.inject({ url: '/api/v1/ping' })).json()).toEqual({ ok: true });
    expect(renders()).toBe(0);
  });
});
