import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerBody, uniqueEmail } from './accounts-fixtures.js';
import { TEST_PASSWORD } from './harness.js';
import { IMAGE_PATH, counts, flood, percentile, probe, send, startServerProcess, type ServerProcess } from './load-fixtures.js';

/**
 * What an outside probe of the API broke, measured on a real server process: its memory while many
 * large sign-ups arrive at once, and whether pages and images still come while it hashes passwords.
 */

/** The figures of a run, printed with the suite's output (the issue asks for them before and after). */
const report = (lines: string[]) => process.stdout.write(`\n${lines.join('\n')}\n`);
const fmt = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : 'no answer');

describe('400 parallel oversized sign-ups', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(() => server?.close());

  it('keep the server within 300 MB of the memory it started with, and health answering with p99 under 100 ms', async () => {
    // The probe's body: a dealer whose void cheque and logo are 4.9 MB data URLs each, answered 400 (not images).
    const file = `data:image/png;base64,${'A'.repeat(Math.round(4.9 * 1024 * 1024))}`;
    const body = Buffer.from(JSON.stringify(dealerBody({ image: file, logo: file })));
    const bodyFile = path.join(server.dataDir, 'sign-up.json');
    writeFileSync(bodyFile, body);
    const health = `${server.base}/api/v1/health`;
    for (let i = 0; i < 20; i++) await send(server.base, 'GET', '/api/v1/health', '');
    // One at a time, such a body is read and refused for its content.
    expect((await send(server.base, 'POST', '/api/v1/users', body)).status).toBe(400);
    await sleep(500);

    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
    const probing = probe([health]);
    const t0 = performance.now();
    const results = await flood(server.base, 'POST', '/api/v1/users', bodyFile, 400);
    const seconds = (performance.now() - t0) / 1000;
    const latencies = (await probing.stop())[health]!;
    clearInterval(sampler);
    await sleep(1000);
    const after = server.rssMb();
    const p99 = percentile(latencies, 0.99);

    report(
      [
        `400 parallel sign-ups of ${(body.length / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s: ${JSON.stringify(counts(results.map((r) => r.status)))}`,
        `  server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most, ${after.toFixed(0)} MB after (+${(after - before).toFixed(0)} MB)`,
        `  health: ${latencies.length} requests, p50 ${fmt(percentile(latencies, 0.5))}, p99 ${fmt(p99)}, max ${fmt(Math.max(...latencies))}`,
      ],
    );
    expect(peak - before).toBeLessThan(300);
    expect(after - before).toBeLessThan(300);
    expect(p99).toBeLessThan(100);
    // Every sign-up got an answer: refused for its content (400), its size (413) or for now (503).
    expect(results.every((r) => [400, 413, 503].includes(r.status))).toBe(true);
  }, 300_000);
});

describe('200 parallel sign-ins', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(() => server?.close());

  it('leave a product image and the app page answering with p99 under 200 ms', async () => {
    const image = `${server.base}${IMAGE_PATH}`;
    const page = `${server.base}/`;
    // Unknown accounts: each attempt costs one full password hash, like a real one, and counts for no account.
    const signIn = () => send(server.base, 'POST', '/api/v1/users/login', JSON.stringify({ email: uniqueEmail('load'), password: TEST_PASSWORD }));
    expect((await signIn()).status).toBe(401);
    for (const url of [IMAGE_PATH, '/']) expect((await send(server.base, 'GET', url, '')).status).toBe(200);

    const probing = probe([image, page]);
    await sleep(100);
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: 200 }, signIn));
    const seconds = (performance.now() - t0) / 1000;
    const latencies = await probing.stop();
    const signIns = results.map((r) => r.ms);
    const p99 = { image: percentile(latencies[image]!, 0.99), page: percentile(latencies[page]!, 0.99) };

    report(
      [
        `200 parallel sign-ins in ${seconds.toFixed(1)} s (${(200 / seconds).toFixed(1)} a second): ${JSON.stringify(counts(results.map((r) => r.status)))}, p99 ${fmt(percentile(signIns, 0.99))}`,
        `  product image: ${latencies[image]!.length} requests, p99 ${fmt(p99.image)}, max ${fmt(Math.max(...latencies[image]!))}`,
        `  app page /:    ${latencies[page]!.length} requests, p99 ${fmt(p99.page)}, max ${fmt(Math.max(...latencies[page]!))}`,
      ],
    );
    expect(results.every((r) => r.status === 401)).toBe(true);
    expect(p99.image).toBeLessThan(200);
    expect(p99.page).toBeLessThan(200);
  }, 120_000);
});
