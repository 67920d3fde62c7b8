import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openPostgres } from '@meltway/api/db/client';
import { call, sleep, waitFor } from './http.js';

/** The repository's root, from tools/src/cluster or tools/dist/cluster alike. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NGINX_SITE = path.join(REPO_ROOT, 'deploy', 'nginx', 'meltway.conf');
const SERVER_JS = path.join(REPO_ROOT, 'apps', 'api', 'dist', 'server.js');

export const print = (line: string) => process.stdout.write(`${line}\n`);

/** What was started, stopped in the reverse order by `stopAll`, also after a failure or Ctrl-C. */
const stops: { what: string; stop: () => Promise<unknown> | unknown }[] = [];
const onStop = (what: string, stop: () => Promise<unknown> | unknown) => stops.push({ what, stop });

async function stopAll() {
  while (stops.length) {
    const { what, stop } = stops.pop()!;
    try {
      await stop();
    } catch (err) {
      console.error(`could not stop ${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/**
 * Runs a check script's `main` to its end and exits: 1 when it set a failing exit code or threw, 130 on Ctrl-C,
 * 143 on SIGTERM, 0 otherwise; whatever it started is stopped first in every case.
 */
export function runScript(name: string, main: () => Promise<void>) {
  let stopping = false;
  const finish = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopAll();
    process.exit(code);
  };
  process.on('SIGINT', () => {
    print('\ninterrupted: stopping what was started …');
    void finish(130);
  });
  process.on('SIGTERM', () => void finish(143));
  main().then(
    () => finish(process.exitCode === 1 ? 1 : 0),
    (err: unknown) => {
      console.error(`${name} run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      void finish(1);
    },
  );
}

/** A port in [from, to] that nothing listens on now (3400-3499 is this script's range on a shared machine). */
export async function freePort(from: number, to: number, taken: Set<number>): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** The run's folder (data, logs, nginx's files): removed at the end unless `keep` was called (a failed run keeps its logs). */
export function tempFolder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meltway-cluster-'));
  const folder = { dir, kept: false, keep: () => (folder.kept = true) };
  onStop(`the folder ${dir}`, () => {
    if (!folder.kept) rmSync(dir, { recursive: true, force: true });
  });
  return folder;
}

/** A throwaway PostgreSQL database, migrated once before any process starts (as the test suite does), dropped at the end. */
export async function throwawayDatabase(adminUrl: string) {
  const name = `meltway_cluster_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', (err) => console.warn('database connection lost:', err.message));
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  onStop(`database ${name}`, async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openPostgres(url, 2);
  await database.migrate();
  await database.close();
  return { name, url };
}

const RATE_LIMIT_KEYS = 'meltway:rl:*';

/**
 * A Redis database index nobody uses now (the highest empty one from `preferred` down), so the run's counters
 * cannot meet anyone else's; at the end only the counters the API writes (its key prefix) are deleted from it.
 */
export async function emptyRedisDb(baseUrl: string, preferred: number) {
  for (let db = preferred; db >= 1; db--) {
    const redis = new Redis(baseUrl, { db, lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    if ((await redis.dbsize()) === 0) {
      onStop(`the rate-limit counters in Redis db ${db}`, async () => {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', RATE_LIMIT_KEYS, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
        await redis.quit();
      });
      const u = new URL(baseUrl);
      u.pathname = `/${db}`;
      return { db, url: u.toString() };
    }
    await redis.quit();
  }
  throw new Error(`no empty Redis database at or below index ${preferred}`);
}

export type Mailbox = { received: { to: string[]; subject: string }[] };

/**
 * An SMTP server for the API processes' mail: each mail that reaches it is counted once per delivery, so a mail
 * sent twice (by two processes, or twice by one) shows as two.
 */
export async function mailSink(port: number): Promise<Mailbox> {
  const box: Mailbox = { received: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        box.received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  onStop('the SMTP sink', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return box;
}

export type ApiProcess = { name: string; port: number; base: string; pid: number; log: string; child: ChildProcess };

/** Ends a child: SIGTERM (the server finishes requests in flight), SIGKILL after `graceMs`. */
async function end(child: ChildProcess, graceMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts `node apps/api/dist/server.js` as a real installation runs it, its output in `log`. */
export function startApi(name: string, port: number, env: Record<string, string>, logDir: string): ApiProcess {
  const log = path.join(logDir, `api-${name}.log`);
  const fd = openSync(log, 'a');
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), UV_THREADPOOL_SIZE: '8', NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  onStop(`API process ${name}`, () => end(child, 15_000));
  return { name, port, base: `http://127.0.0.1:${port}`, pid: child.pid!, log, child };
}

/** Waits for `/api/v1/health` to answer 200; a process that exits first fails with the end of its log. */
export async function waitHealthy(base: string, timeoutMs: number, processes: ApiProcess[] = []) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const dead = processes.find((p) => p.child.exitCode !== null);
    if (dead) throw new Error(`API process ${dead.name} exited (${dead.child.exitCode}):\n${tail(dead.log)}`);
    if (await waitFor(async () => (await call(`${base}/api/v1/health`)).status === 200, 0)) return;
    if (Date.now() >= end) throw new Error(`${base} was not healthy within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

export const tail = (file: string, lines = 20) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

/**
 * nginx with deploy/nginx/meltway.conf as it is, only its addresses replaced (the two processes' ports, and
 * 127.0.0.1:`port` for `listen 80`), inside a main configuration whose pid, logs and temporary files stay in `dir`.
 */
export async function startNginx(dir: string, port: number, upstreams: [number, number]) {
  const [a, b] = upstreams;
  let site = readFileSync(NGINX_SITE, 'utf8');
  const replacements: [string, string][] = [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${a} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${b} `],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ];
  for (const [from, to] of replacements) {
    if (!site.includes(from)) throw new Error(`${NGINX_SITE} no longer holds "${from}": update the cluster script with it`);
    site = site.replace(from, to);
  }
  const root = path.join(dir, 'nginx');
  mkdirSync(root, { recursive: true });
  const temp = (n: string) => `${n}_temp_path ${path.join(root, n)};`;
  const conf = path.join(root, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'worker_processes 2;',
      `pid ${path.join(root, 'nginx.pid')};`,
      `error_log ${path.join(root, 'error.log')} warn;`,
      'daemon off;',
      'events { worker_connections 4096; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      // The load generator keeps each connection for the whole run (tens of thousands of requests), which no
      // browser does: nginx's default of 1,000 requests a connection would close them under it.
      '  keepalive_requests 1000000;',
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      site,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = process.env.CLUSTER_NGINX ?? '/usr/sbin/nginx';
  const args = ['-e', path.join(root, 'error.log'), '-p', root, '-c', conf];
  const test = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  if (test.error) throw new Error(`${nginx} could not run (${test.error.message}): apt-get install nginx`);
  if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
  const child = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  onStop('nginx', () => end(child, 5_000));
  const up = await waitFor(async () => child.exitCode !== null || (await call(`http://127.0.0.1:${port}/api/v1/health`)).status === 200, 20_000);
  if (!up || child.exitCode !== null) throw new Error(`nginx on ${port} did not answer: ${stderr}${tail(path.join(root, 'error.log'))}`);
  return { base: `http://127.0.0.1:${port}`, conf, pid: child.pid! };
}

export const randomSecret = () => randomBytes(36).toString('base64url');

/** Resident memory of a process in MB, from /proc/PID/status (VmRSS); NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
