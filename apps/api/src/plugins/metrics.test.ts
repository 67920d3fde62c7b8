import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/commerce.js';
import { redisLimiter } from '../lib/limiter.js';
import { createTestApp, onPostgres, type TestApp } from '../test/harness.js';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus' text format, one sample a line. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1]!, x[2]!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

const matching = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
/** The value of the one series of `name` with these labels; undefined when there is none. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
  const found = matching(samples, name, labels);
  if (found.length > 1) throw new Error(`${found.length} series of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
};

const get = (t: TestApp, url: string, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url, ...opts });

async function scrape(t: TestApp) {
  const res = await get(t, '/metrics');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return { samples: parse(res.body), text: res.body };
}

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts requests and their time under the route pattern, never the URL', async () => {
    const before = (await scrape(t)).samples;
    const route = { method: 'GET', route: '/api/v1/products/:idOrSlug', status_code: '404' };
    for (const slug of ['no-such-mat-one', 'no-such-mat-two']) expect((await get(t, `/api/v1/products/${slug}`)).statusCode).toBe(404);
    expect((await get(t, '/api/v1/products')).statusCode).toBe(200);
    expect((await get(t, '/api/v1/no-such-route')).statusCode).toBe(404);
    const { samples, text } = await scrape(t);

    const delta = (name: string, labels: Record<string, string>) => (valueOf(samples, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(delta('meltway_http_requests_total', route)).toBe(2);
    expect(delta('meltway_http_requests_total', { method: 'GET', route: '/api/v1/products', status_code: '200' })).toBe(1);
    expect(delta('meltway_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(delta('meltway_http_request_duration_seconds_count', route)).toBe(2);
    expect(delta('meltway_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(2);
    expect(valueOf(samples, 'meltway_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(text).not.toContain('no-such-mat');
    expect(text).not.toContain('no-such-route');
  });

  it('counts the public answer cache’s hits and misses', async () => {
    const before = (await scrape(t)).samples;
    const url = '/api/v1/products?pageSize=7';
    expect((await get(t, url)).statusCode).toBe(200);
    expect((await get(t, url)).statusCode).toBe(200);
    // Reads with credentials never use the shared cache, and are not counted as misses (a public route reads a bad token as none).
    expect((await get(t, url, { headers: { authorization: 'Bearer not-a-token' } })).statusCode).toBe(200);
    const after = (await scrape(t)).samples;
    const delta = (result: string) => valueOf(after, 'meltway_public_cache_requests_total', { result })! - valueOf(before, 'meltway_public_cache_requests_total', { result })!;
    expect({ hit: delta('hit'), miss: delta('miss') }).toEqual({ hit: 1, miss: 1 });
  });

  it("counts each in-process cache's hits and misses by name", async () => {
    const before = (await scrape(t)).samples;
    const url = '/api/v1/design/products';
    expect((await get(t, url)).statusCode).toBe(200);
    expect((await get(t, url)).statusCode).toBe(200);
    const after = (await scrape(t)).samples;
    const read = (samples: Sample[], cache: string, result: string) => valueOf(samples, 'meltway_cache_reads_total', { cache, result }) ?? 0;
    const delta = (cache: string, result: string) => read(after, cache, result) - read(before, cache, result);
    // The first request misses the public answers and reads the design catalogue (kept from an earlier test or not);
    // the second is a public answer kept from the first, so the catalogue is not read again.
    expect({ hit: delta('public-answers', 'hit'), miss: delta('public-answers', 'miss') }).toEqual({ hit: 1, miss: 1 });
    expect(delta('design-catalogue', 'hit') + delta('design-catalogue', 'miss')).toBe(1);
  });

  it('shows the database and, on PostgreSQL, its pool', async () => {
    const { samples } = await scrape(t);
    expect(valueOf(samples, 'meltway_db_info', { kind: onPostgres ? 'postgres' : 'pglite' })).toBe(1);
    expect(valueOf(samples, 'meltway_db_up')).toBe(1);
    if (onPostgres) {
      // The test database's pool holds 25 connections at most (test/harness.ts).
      expect(valueOf(samples, 'meltway_db_pool_max')).toBe(25);
      expect(valueOf(samples, 'meltway_db_pool_total')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'meltway_db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'meltway_db_pool_waiting')).toBe(0);
    } else {
      // PGlite is one connection inside this process: it has no pool to show.
      expect(matching(samples, 'meltway_db_pool_total')).toEqual([]);
    }
  });

  it('shows how many mails wait in the outbox, how many are due and how long the oldest has waited', async () => {
    const now = Date.now();
    const mail = { to: 'someone@example.com', subject: 'Queued', text: 'Queued' };
    await t.db.insert(outbox).values([
      { kind: 'mail', payload: mail, createdAt: new Date(now - 90_000), runAt: new Date(now - 90_000) },
      { kind: 'mail', payload: mail, createdAt: new Date(now - 30_000), runAt: new Date(now + 60_000), attempts: 1 },
      { kind: 'mail', payload: mail, createdAt: new Date(now - 900_000), doneAt: new Date(now - 899_000) },
      { kind: 'mail', payload: mail, createdAt: new Date(now - 800_000), failedAt: new Date(now - 1_000), attempts: 8 },
    ]);
    const { samples } = await scrape(t);
    expect(valueOf(samples, 'meltway_outbox_pending_jobs')).toBe(2);
    expect(valueOf(samples, 'meltway_outbox_due_jobs')).toBe(1);
    const age = valueOf(samples, 'meltway_outbox_oldest_pending_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(150);
  });

  it("adds the process's own figures", async () => {
    const { samples } = await scrape(t);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(matching(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });
});

describe('/livez and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('say the process is alive and ready when the database answers', async () => {
    const live = await get(t, '/livez');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'alive' });
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', redis: 'not configured' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('ask Redis too when it holds the rate limits', async () => {
    // Apps of their own for their limiters, on the database of the first: a second API process, as it were.
    const withRedis = await createTestApp({ limiter: redisLimiter('redis://127.0.0.1:6379'), sameDatabaseAs: t });
    const downRedis = await createTestApp({ limiter: redisLimiter('redis://127.0.0.1:1'), sameDatabaseAs: t });
    try {
      const ready = await get(withRedis, '/readyz');
      expect({ status: ready.statusCode, body: ready.json() }).toEqual({ status: 200, body: { status: 'ready', database: 'ok', redis: 'ok' } });
      const started = performance.now();
      const down = await get(downRedis, '/readyz');
      expect({ status: down.statusCode, body: down.json() }).toEqual({ status: 503, body: { status: 'not ready', database: 'ok', redis: 'failed' } });
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await withRedis.close();
      await downRedis.close();
    }
  });

  it('keep liveness and readiness apart: with the database closed the process lives, is not ready, and counts its 5xx', async () => {
    const other = await createTestApp();
    await other.deps.database.close();
    try {
      expect((await get(other, '/livez')).statusCode).toBe(200);
      const ready = await get(other, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', database: 'failed', redis: 'not configured' });
      expect((await get(other, '/api/v1/health')).statusCode).toBe(503);

      const { samples } = await scrape(other);
      expect(valueOf(samples, 'meltway_http_server_errors_total', { method: 'GET', route: '/api/v1/health' })).toBe(1);
      expect(valueOf(samples, 'meltway_http_server_errors_total', { method: 'GET', route: '/readyz' })).toBe(1);
      expect(valueOf(samples, 'meltway_db_up')).toBe(0);
      // No outbox figure rather than a wrong one.
      expect(valueOf(samples, 'meltway_outbox_pending_jobs')).toBeNaN();
      expect(valueOf(samples, 'meltway_outbox_oldest_pending_age_seconds')).toBeNaN();
    } finally {
      await other.app.close();
      rmSync(other.dataDir, { recursive: true, force: true });
    }
  });
});

describe('who may read /metrics, /livez and /readyz', () => {
  const OPS = ['/metrics', '/livez', '/readyz'];
  const apps: TestApp[] = [];
  /** An app configured by `env`; all of them on the first one's database, which only these settings tell apart. */
  const app = async (env: Record<string, string> = {}) => {
    const made = await createTestApp({ env, ...(apps[0] ? { sameDatabaseAs: apps[0] } : {}) });
    apps.push(made);
    return made;
  };
  afterAll(async () => {
    // The first app's database last: the others only borrow it.
    for (const made of apps.reverse()) await made.close();
  });

  /** The status of each route for a request from `remoteAddress` carrying `headers`. */
  const statuses = async (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) => {
    const out: Record<string, number> = {};
    for (const url of OPS) out[url] = (await get(t, url, { remoteAddress, headers })).statusCode;
    return out;
  };
  const all = (status: number) => Object.fromEntries(OPS.map((url) => [url, status]));

  it('answers this machine only by default, and anyone else as if the paths did not exist', async () => {
    const t = await app();
    expect(await statuses(t, '127.0.0.1')).toEqual(all(200));
    expect(await statuses(t, '::1')).toEqual(all(200));
    expect(await statuses(t, '::ffff:127.0.0.1')).toEqual(all(200));
    expect(await statuses(t, '10.1.2.3')).toEqual(all(404));
    expect(await statuses(t, '203.0.113.9')).toEqual(all(404));
    const refused = await get(t, '/metrics', { remoteAddress: '10.1.2.3' });
    expect(refused.json()).toEqual({ message: 'Not found: GET /metrics', code: 'common.notFound' });
  });

  it('refuses what a proxy on this machine forwards from elsewhere, whatever TRUST_PROXY says', async () => {
    for (const env of [{ TRUST_PROXY: '0' }, { TRUST_PROXY: '1' }]) {
      const t = await app(env);
      expect(await statuses(t, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toEqual(all(404));
      expect(await statuses(t, '127.0.0.1', { 'x-real-ip': '203.0.113.9' })).toEqual(all(404));
      expect(await statuses(t, '127.0.0.1', { forwarded: 'for="[2001:db8::7]:4711";proto=https' })).toEqual(all(404));
      // A forged header naming this machine does not let a stranger in.
      expect(await statuses(t, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).toEqual(all(404));
      expect(await statuses(t, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toEqual(all(200));
    }
  });

  it('answers the addresses and ranges of METRICS_ALLOW, and only them', async () => {
    const t = await app({ METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7, fd00::/8' });
    expect(await statuses(t, '10.1.2.3')).toEqual(all(200));
    expect(await statuses(t, '192.0.2.7')).toEqual(all(200));
    expect(await statuses(t, 'fd00::42')).toEqual(all(200));
    expect(await statuses(t, '192.0.2.8')).toEqual(all(404));
    expect(await statuses(t, '127.0.0.1')).toEqual(all(404));
    expect(await statuses(t, '10.1.2.3', { 'x-forwarded-for': '10.9.9.9, 198.51.100.1' })).toEqual(all(404));
  });
});
