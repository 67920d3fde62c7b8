import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { onPostgres } from '../test/harness.js';
import { DEMO_PASSWORD } from './seed.js';

/**
 * The real server (`apps/api/dist/server.js`) on a fresh embedded database, killed with SIGKILL at four
 * moments of its first start and started again: every restart must end with the whole demo. The first run
 * writes its accounts and the demo in one transaction (first-run.ts; first-run.test.ts fails it half-way in the
 * process): a kill anywhere in it leaves no account, and the next start is a first run again.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER = path.join(ROOT, 'apps/api/dist/server.js');
const FIRST_PORT = 4340;
const ADMIN_PASSWORD = 'First-Admin-Pass-1';

/**
 * The start's log lines, in the order a first start prints them. The seed writes between "migrations applied" and
 * "demo accounts ready", which it logs with the other two once its rows are written, just before the commit.
 */
const STAGES = ['migrations applied', 'demo accounts ready', 'demo catalogue ready', 'demo academy ready', 'first admin created', 'Meltway is running'];

/** Every server this file started, so none outlives it whatever fails. */
const children = new Set<ChildProcess>();

function startServer(dataDir: string, port: number) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ADMIN_PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  /** When each line came, in ms since the spawn. */
  const times: number[] = [];
  let pending = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve(void children.delete(child))));
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      for (let i = pending.indexOf('\n'); i >= 0; i = pending.indexOf('\n')) {
        const line = pending.slice(0, i);
        pending = pending.slice(i + 1);
        lines.push(line);
        times.push(performance.now() - startedAt);
        if (line.includes('Meltway is running')) resolve(performance.now() - startedAt);
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`server ended (${code ?? signal}) before it was ready:\n${lines.join('\n')}\n${stderr}`)));
  });
  ready.catch(() => {});
  /** Resolves, with the time since the spawn, once the start logs this stage. */
  const reached = (stage: string) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const at = lines.findIndex((l) => l.includes(stage));
        if (at >= 0) {
          child.stdout.off('data', check);
          resolve(times[at]!);
        }
      };
      child.stdout.on('data', check);
      child.once('exit', () => reject(new Error(`server ended before "${stage}"`)));
      check();
    });
  /** The last stage the start reached, by its log. */
  const stage = () => STAGES.filter((s) => lines.some((l) => l.includes(s))).at(-1) ?? 'database opening';
  return {
    startedAt,
    ready,
    reached,
    stage,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What the demo looks like through the API of a running server, and which of its files are missing on disk. */
async function demoOf(port: number, dataDir: string) {
  const base = `http://127.0.0.1:${port}/api/v1`;
  const get = async <T,>(url: string, auth?: Record<string, string>) => {
    const res = await fetch(base + url, { headers: auth });
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    return (await res.json()) as T;
  };
  const login = (email: string, password = DEMO_PASSWORD) =>
    fetch(`${base}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const adminRes = await login('admin@demo.meltway.ca');
  const admin = adminRes.ok ? { authorization: `Bearer ${((await adminRes.json()) as { access_token: string }).access_token}` } : undefined;
  const asAdmin = async (url: string) => (admin ? (await get<unknown[]>(url, admin)).length : `no demo admin (${adminRes.status})`);

  const products = await get<{ total: number; items: { image: string | null }[] }>('/products?pageSize=100');
  const categories = (await get<{ items: { image: string | null }[] }>('/categories')).items;
  const help = await get<{ image: string | null }[]>('/helpcenter');
  const courses = await get<{ courseTitle: string; lessonCount: number; coverImage: string | null }[]>('/courses');
  const authors = await get<{ image: string | null }[]>('/authors');
  const files = [...products.items, ...categories, ...help, ...authors].map((x) => x.image).concat(courses.map((c) => c.coverImage));
  const signIns: Record<string, number> = {};
  for (const who of ['admin', 'dealer', 'dealer2', 'pending.dealer', 'contractor', 'pending.contractor', 'contractor2', 'customer']) {
    const email = `${who}@demo.meltway.ca`;
    signIns[email] = email === 'admin@demo.meltway.ca' ? adminRes.status : (await login(email)).status;
  }
  signIns['admin@meltway.ca'] = (await login('admin@meltway.ca', ADMIN_PASSWORD)).status;
  return {
    products: products.total,
    categories: categories.length,
    helpArticles: help.length,
    faqs: (await get<unknown[]>('/faq')).length,
    courses: courses.map((c) => `${c.courseTitle}: ${c.lessonCount} lessons`).sort(),
    authors: authors.length,
    certifications: (await get<unknown[]>('/certifications')).length,
    documents: await asAdmin('/docs'),
    assignments: await asAdmin('/assignments'),
    comments: await asAdmin('/courses/comments/all'),
    signIns,
    missingFiles: files.filter((f) => !f || !existsSync(path.join(dataDir, f))),
  };
}

/** What a complete demo seed makes, as `demoOf` sees it (README: Demo accounts). */
const COMPLETE_DEMO = {
  products: 30,
  categories: 4,
  helpArticles: 7,
  faqs: 10,
  courses: ['Installing heated driveway mats: 7 lessons', 'Servicing snowmelt controls and sensors: 6 lessons'],
  authors: 2,
  certifications: 2,
  documents: 2,
  assignments: 2,
  comments: 3,
  signIns: {
    'admin@demo.meltway.ca': 200,
    'dealer@demo.meltway.ca': 200,
    'dealer2@demo.meltway.ca': 200,
    'pending.dealer@demo.meltway.ca': 403,
    'contractor@demo.meltway.ca': 200,
    'pending.contractor@demo.meltway.ca': 403,
    'contractor2@demo.meltway.ca': 200,
    'customer@demo.meltway.ca': 200,
    'admin@meltway.ca': 200,
  },
  missingFiles: [],
};

describe.skipIf(onPostgres)('first start on the embedded database, killed at four moments', () => {
  const dirs: string[] = [];
  let template: string;
  const freshDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meltway-first-start-'));
    dirs.push(dir);
    // A fresh embedded database: PGlite's empty cluster (the suite's snapshot of it, loaded once) copied, so each start
    // skips only initdb.
    cpSync(template, path.join(dir, 'pglite'), { recursive: true });
    return dir;
  };

  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/shared', 'apps/api'], { cwd: ROOT, stdio: 'pipe' });
    template = path.join(mkdtempSync(path.join(tmpdir(), 'meltway-first-start-')), 'pglite');
    dirs.push(path.dirname(template));
    const pg = new PGlite({ dataDir: template, loadDataDir: new Blob([readFileSync(inject('pgliteEmptySnapshot'))]) });
    await pg.waitReady;
    await pg.close();
  }, 180_000);
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('ends every restart with the whole demo: 30 products, both courses, 7 help articles, every account and file', async () => {
    /** A first start on a fresh data folder killed when `killAt` resolves, started again, and its demo read through the API. */
    const trial = async (i: number, killAt: (start: ReturnType<typeof startServer>) => Promise<unknown>) => {
      const dir = freshDataDir();
      const port = FIRST_PORT + 1 + i;
      const first = startServer(dir, port);
      await killAt(first);
      const killAtMs = Math.round(performance.now() - first.startedAt);
      const stage = first.stage();
      const migrated = stage === 'database opening' ? undefined : Math.round(await first.reached('migrations applied'));
      await first.kill();
      const again = startServer(dir, port);
      await again.ready;
      const demo = await demoOf(port, dir);
      await again.stop();
      return { killAtMs, stage, migrated, demo };
    };

    // An uninterrupted first start, beside one killed as the seed's transaction begins (its "migrations applied").
    const refDir = freshDataDir();
    const ref = startServer(refDir, FIRST_PORT);
    const atSeedStart = trial(0, (start) => start.reached('migrations applied'));
    const migratedMs = await ref.reached('migrations applied');
    const seedMs = (await ref.reached('demo accounts ready')) - migratedMs;
    await ref.ready;
    const complete = await demoOf(FIRST_PORT, refDir);
    await ref.stop();
    expect(complete).toEqual(COMPLETE_DEMO);
    const trials = [await atSeedStart];

    // Then three at once: two kills a third and two thirds into the seed, counted from the killed start's own
    // "migrations applied" and scaled by how much slower than the reference it got there (a slower machine still
    // kills inside the same steps), and one half way through the migrations.
    const intoSeed = (share: number) => async (start: ReturnType<typeof startServer>) => {
      const migrated = await start.reached('migrations applied');
      await sleep(share * seedMs * Math.max(1, migrated / migratedMs));
    };
    trials.push(...(await Promise.all([trial(1, intoSeed(1 / 3)), trial(2, intoSeed(2 / 3)), trial(3, () => sleep(migratedMs / 2))])));

    console.warn(
      `first start ${Math.round(migratedMs + seedMs)} ms to the end of its seed (migrated at ${Math.round(migratedMs)} ms); killed at ${trials.map((t) => `${t.killAtMs} ms (${t.migrated ? `migrated at ${t.migrated}, ` : ''}last log: ${t.stage})`).join('; ')}`,
    );
    // Most kills must land inside the first run's transaction (before its commit is logged), or this test proves nothing.
    const duringSeed = trials.filter((t) => STAGES.indexOf(t.stage) >= 0 && STAGES.indexOf(t.stage) < STAGES.indexOf('first admin created'));
    expect(duringSeed.length).toBeGreaterThanOrEqual(3);
    expect(trials.map((t) => ({ at: `${t.killAtMs} ms, ${t.stage}`, demo: t.demo }))).toEqual(trials.map((t) => ({ at: `${t.killAtMs} ms, ${t.stage}`, demo: COMPLETE_DEMO })));
  }, 300_000);
});
