import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartFacts } from './lib/start-summary.js';
import { onPostgres } from './test/harness.js';

/**
 * The server as `npm start` runs it (src/server.ts through tsx), on an embedded database in a folder of its
 * own: where it listens with and without demo accounts, and what it prints.
 */

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const SERVER = path.join(API_DIR, 'src/server.ts');
const PORT = 3410;
/** An address of this machine that other machines can reach, when it has one. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const children = new Set<ChildProcess>();
const dirs: string[] = [];

async function start(dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVER], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'info', ADMIN_PASSWORD: 'First-Admin-Pass-1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // What follows the start line (the warning about the demo accounts) is read once the server stopped.
      if (stdout.includes('Meltway is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server ended (${code}) before it was ready:\n${stdout}\n${stderr}`)));
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    /** The JSON lines written so far. */
    json: () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { level: number; msg: string; start?: StartFacts }),
    async stop() {
      // 'close' rather than 'exit': by then everything the server wrote has been read.
      const exited = once(child, 'close');
      child.kill('SIGTERM');
      await exited;
      children.delete(child);
    },
  };
}

const answers = (host: string, url = '/api/v1/health') =>
  fetch(`http://${host}:${PORT}${url}`, { signal: AbortSignal.timeout(3000) }).then(
    (res) => res.status,
    (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.name,
  );

describe.skipIf(onPostgres)('where the server listens, and what its start prints', () => {
  const withDemo = mkdtempSync(path.join(tmpdir(), 'meltway-start-'));
  const withoutDemo = mkdtempSync(path.join(tmpdir(), 'meltway-start-'));
  dirs.push(withDemo, withoutDemo);
  beforeAll(async () => {
    // A fresh embedded database in each folder: PGlite's empty cluster from the suite's snapshot, faster than initdb.
    const pg = new PGlite({ dataDir: path.join(withDemo, 'pglite'), loadDataDir: new Blob([readFileSync(inject('pgliteEmptySnapshot'))]) });
    await pg.waitReady;
    await pg.close();
    cpSync(path.join(withDemo, 'pglite'), path.join(withoutDemo, 'pglite'), { recursive: true });
  }, 60_000);
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a first start with demo accounts on this machine, and says so', async () => {
    const server = await start(withDemo);
    try {
      expect(await answers('127.0.0.1')).toBe(200);
      if (outside) expect(await answers(outside)).toBe('ECONNREFUSED');
    } finally {
      await server.stop();
    }
    const running = server.json().find((l) => l.msg.startsWith('Meltway is running'))!;
    expect(running.start).toMatchObject({
      listen: `127.0.0.1:${PORT}`,
      thisMachineOnly: true,
      exposesDemo: false,
      database: { kind: 'pglite', dir: path.join(withDemo, 'pglite') },
      mail: { via: 'outbox', dir: path.join(withDemo, 'outbox') },
      demoPassword: 'Demo1234!',
      firstAdmin: { email: 'admin@meltway.ca', passwordFrom: 'ADMIN_PASSWORD' },
    });
    expect(running.start!.demoAccounts).toHaveLength(8);
    expect(server.json().filter((l) => l.level >= 40)).toEqual([]);
  }, 180_000);

  it('still does once the demo exists, whatever SEED_DEMO says, in a few readable lines', async () => {
    const server = await start(withDemo, { SEED_DEMO: '0', LOG_FORMAT: 'pretty' });
    try {
      if (outside) expect(await answers(outside)).toBe('ECONNREFUSED');
    } finally {
      await server.stop();
    }
    const lines = server.stdout().trim().split('\n');
    // "migrations applied", the start line, and its facts: address, database, mails, the demo accounts (password and
    // three lines of emails), payments; then the line of the stop.
    expect(lines.at(-1)).toContain('shutting down');
    expect(lines.length - 1).toBeLessThanOrEqual(10);
    expect(server.stdout()).toContain(`listening on   127.0.0.1:${PORT}: this machine only, since demo accounts exist (set HOST to choose)`);
    expect(server.stdout()).toContain(`database       embedded PGlite in ${path.join(withDemo, 'pglite')}`);
    expect(server.stdout()).toContain('demo accounts  password Demo1234!:');
    expect(server.stdout()).not.toContain('{"level"');
  }, 180_000);

  it('listens where HOST says, and warns that the demo accounts are reachable from other machines', async () => {
    const server = await start(withDemo, { HOST: '0.0.0.0' });
    try {
      if (outside) {
        expect(await answers(outside)).toBe(200);
        // Metrics and probes stay for this machine (METRICS_ALLOW) even so.
        expect(await answers(outside, '/metrics')).toBe(404);
        expect(await answers('127.0.0.1', '/metrics')).toBe(200);
      }
    } finally {
      await server.stop();
    }
    const lines = server.json();
    expect(lines.find((l) => l.start)!.start).toMatchObject({ listen: `0.0.0.0:${PORT}`, thisMachineOnly: false, exposesDemo: true });
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('HOST=0.0.0.0 lets other machines sign in to the demo accounts, whose password is public');
  }, 180_000);

  it('listens on every interface when no demo account exists and HOST is unset', async () => {
    const server = await start(withoutDemo, { SEED_DEMO: '0' });
    try {
      if (outside) expect(await answers(outside)).toBe(200);
    } finally {
      await server.stop();
    }
    const running = server.json().find((l) => l.start)!;
    expect(running.start).toMatchObject({ listen: `0.0.0.0:${PORT}`, thisMachineOnly: false, exposesDemo: false, demoAccounts: [], demoPassword: null });
    expect(server.json().filter((l) => l.level >= 40)).toEqual([]);
  }, 180_000);
});
