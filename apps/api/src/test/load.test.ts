import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerBody, uniqueEmail } from './accounts-fixtures.js';
import { TEST_PASSWORD } from './harness.js';
import { IMAGE_PATH, counts, flood, probe, send, startServerProcess, type ServerProcess } from './load-fixtures.js';

/**
 * A real server process under a small burst of what an outside probe of the API once broke it with: large
 * sign-ups at once, and sign-ins at once (each a full password hash). What is judged is correctness: every
 * request gets a proper answer, and health, pages and images keep answering meanwhile. How much memory and
 * latency such bursts cost at scale is a benchmark's figure (docs/benchmarks.md), not this suite's verdict.
 */

/** Sign-ups at once: many more than the two large bodies the server reads at a time (plugins/body-limits.ts). */
const SIGN_UPS = 30;
/** Sign-ins at once: many more than the hashes the server runs at a time (lib/passwords.ts). */
const SIGN_INS = 24;

/** The figures of a run, printed with the suite's output. */
const report = (lines: string[]) => process.stdout.write(`\n${lines.join('\n')}\n`);

describe('a server process under bursts', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(() => server?.close());

  it(`answers ${SIGN_UPS} parallel oversized sign-ups each with 400, 413 or 503, and health all the while`, async () => {
    // The probe's body: a dealer whose void cheque and logo are 4.9 MB data URLs each, answered 400 (not images).
    const file = `data:image/png;base64,${'A'.repeat(Math.round(4.9 * 1024 * 1024))}`;
    const body = Buffer.from(JSON.stringify(dealerBody({ image: file, logo: file })));
    const bodyFile = path.join(server.dataDir, 'sign-up.json');
    writeFileSync(bodyFile, body);
    const health = `${server.base}/api/v1/health`;
    // One at a time, such a body is read and refused for its content.
    expect((await send(server.base, 'POST', '/api/v1/users', body)).status).toBe(400);

    const before = server.rssMb();
    const probing = probe([health]);
    await probing.started;
    const results = await flood(server.base, 'POST', '/api/v1/users', bodyFile, SIGN_UPS);
    const latencies = (await probing.stop())[health]!;
    report([
      `${SIGN_UPS} parallel sign-ups of ${(body.length / 1024 / 1024).toFixed(1)} MB: ${JSON.stringify(counts(results.map((r) => r.status)))}; ` +
        `server RSS ${before.toFixed(0)} MB before, ${server.rssMb().toFixed(0)} MB after; health answered ${latencies.length} times`,
    ]);
    // Every sign-up got an answer: refused for its content (400), its size (413) or for now (503).
    expect(counts(results.map((r) => ([400, 413, 503].includes(r.status) ? 'answered' : r.status)))).toEqual({ answered: SIGN_UPS });
    // Health never failed meanwhile (a failed request is recorded as Infinity), and still answers.
    expect(latencies.filter((ms) => !Number.isFinite(ms))).toEqual([]);
    expect((await send(server.base, 'GET', '/api/v1/health', '')).status).toBe(200);
  }, 120_000);

  it(`answers ${SIGN_INS} parallel sign-ins each with 401, while a product image and the app page keep answering`, async () => {
    const image = `${server.base}${IMAGE_PATH}`;
    const page = `${server.base}/`;
    // Unknown accounts: each attempt costs one full password hash, like a real one, and counts for no account.
    const signIn = () => send(server.base, 'POST', '/api/v1/users/login', JSON.stringify({ email: uniqueEmail('load'), password: TEST_PASSWORD }));
    expect((await signIn()).status).toBe(401);
    for (const url of [IMAGE_PATH, '/']) expect((await send(server.base, 'GET', url, '')).status).toBe(200);

    const probing = probe([image, page]);
    await probing.started;
    const results = await Promise.all(Array.from({ length: SIGN_INS }, signIn));
    const latencies = await probing.stop();
    report([
      `${SIGN_INS} parallel sign-ins: ${JSON.stringify(counts(results.map((r) => r.status)))}; product image answered ${latencies[image]!.length} times, app page ${latencies[page]!.length}`,
    ]);
    expect(counts(results.map((r) => r.status))).toEqual({ 401: SIGN_INS });
    expect({ image: latencies[image]!.filter((ms) => !Number.isFinite(ms)), page: latencies[page]!.filter((ms) => !Number.isFinite(ms)) }).toEqual({ image: [], page: [] });
  }, 120_000);
});
