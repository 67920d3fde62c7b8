import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { createTestApp, type TestApp } from './test/harness.js';

describe('serving the web app', () => {
  let t: TestApp;
  let app: App;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    t = await createTestApp();
    const web = path.join(t.dataDir, 'web');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Meltway</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(web, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    // The frame alone: the server renderer of the built web app is exercised by the browser journeys.
    app = await buildApp(t.deps, { logger: false, webDist: web, webServerEntry: path.join(web, 'no-renderer.js') });
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('answers every app route, including deep links, with the app page', async () => {
    for (const url of ['/', '/dashboard/dealers', '/product/some-mat?x=1', '/reset?token=abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      // Revalidated on every visit: its entity tag answers 304 while the page is the same.
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(res.headers.etag).toBeTruthy();
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('gives a missing asset a 404, never the app page', async () => {
    for (const url of ['/assets/missing-123.js', '/favicon-missing.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'common.notFound' });
    }
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('sends hashed assets pre-compressed and cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
