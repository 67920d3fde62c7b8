import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../test/harness.js';

describe('GET /api/v1/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says ok and names the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: onPostgres ? 'postgres' : 'pglite' });
  });

  it('answers 503 when the database does not answer', async () => {
    const other = await createTestApp();
    await other.deps.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Database unavailable', code: 'common.unavailable' });
    await other.app.close();
  });

  it('keeps unknown API paths as JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'common.notFound' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/users/login', '/api/v1/users/refresh', '/api/v1/health']));
    expect(doc.paths['/api/v1/users/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // The test provider needs nothing from Stripe: nothing of it is let in.
    expect(res.headers['content-security-policy']).not.toContain('stripe.com');
    // The video lessons' player, by default the video site's privacy-enhanced one.
    const frames = String(res.headers['content-security-policy']).split(';').find((d) => d.startsWith('frame-src '));
    expect(frames).toBe("frame-src 'self' https://www.youtube-nocookie.com");
  });

  it('lets the configured video player in instead of the video site (VIDEO_EMBED_URL)', async () => {
    const other = await createTestApp({ env: { VIDEO_EMBED_URL: 'https://videos.example.test:8443/player/embed' }, sameDatabaseAs: t });
    const csp = (await other.app.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy'] as string;
    await other.close();
    expect(other.deps.config.videoEmbedUrl).toBe('https://videos.example.test:8443/player/embed/');
    expect(csp.split(';').find((d) => d.startsWith('frame-src '))).toBe("frame-src 'self' https://videos.example.test:8443");
    expect(csp).not.toContain('youtube');
  });

  it("lets Stripe's card form in (its script, its frames, its API) only when card payments go through Stripe", async () => {
    const withStripe = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_csp', STRIPE_WEBHOOK_SECRET: 'whsec_csp', STRIPE_PUBLISHABLE_KEY: 'pk_test_csp' }, sameDatabaseAs: t });
    const csp = (await withStripe.app.inject({ method: 'GET', url: '/api/v1/health' })).headers['content-security-policy'] as string;
    await withStripe.close();
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive('frame-src')).toContain('https://js.stripe.com https://hooks.stripe.com');
    expect(directive('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
  });
});
