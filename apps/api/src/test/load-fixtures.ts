import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { inject } from 'vitest';
import { onPostgres } from './harness.js';

/** A product image as the shop serves them (the static server does not look inside). */
export const IMAGE_PATH = '/uploads/products/load-photo.png';

export type ServerProcess = {
  base: string;
  pid: number;
  /** Its PostgreSQL database (dropped on close), or undefined on PGlite. */
  databaseUrl?: string;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Its data folder (DATA_DIR), removed on close: room for a test's own files too. */
  dataDir: string;
  /** The server's resident memory now, in MB (Linux: /proc/<pid>/status). */
  rssMb(): number;
  close(): Promise<void>;
};

const SERVER = fileURLToPath(new URL('./server-process.ts', import.meta.url));
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

/**
 * Starts `server-process.ts` (the real app) in a process of its own, on a fresh data folder with a built
 * web page and one product image, and on a fresh database: a PGlite copy of the migrated snapshot, or a
 * PostgreSQL database from the suite's template. `env` is added to the process's environment as is
 * (UV_THREADPOOL_SIZE is removed first, so the server runs with whatever the test says).
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meltway-load-'));
  const web = path.join(dataDir, 'web');
  mkdirSync(web);
  writeFileSync(path.join(web, 'index.html'), `<!doctype html><title>Meltway</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`);
  mkdirSync(path.join(dataDir, 'uploads', 'products'), { recursive: true });
  writeFileSync(path.join(dataDir, IMAGE_PATH.replace(/^\//, '')), Buffer.alloc(150 * 1024, 7));

  let dropDatabase = async () => {};
  const dbEnv: Record<string, string> = {};
  if (onPostgres) {
    const adminUrl = inject('pgAdminUrl');
    const name = `meltway_test_load_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    dbEnv.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    dbEnv.PGLITE_SNAPSHOT = inject('pgliteSnapshot');
  }

  const { UV_THREADPOOL_SIZE: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', SERVER], {
    cwd: API_DIR,
    env: { ...inherited, DATA_DIR: dataDir, WEB_DIST: web, ...dbEnv, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(() => {
    throw new Error('the server process exited before it listened');
  });
  let port: number;
  try {
    const [line] = (await Promise.race([once(createInterface({ input: child.stdout }), 'line'), exited])) as [string];
    port = (JSON.parse(line) as { port: number }).port;
  } catch (err) {
    child.kill('SIGKILL');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  exited.catch(() => {});
  const pid = child.pid!;
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    ...(dbEnv.DATABASE_URL ? { databaseUrl: dbEnv.DATABASE_URL } : {}),
    alive: () => child.exitCode === null && child.signalCode === null,
    dataDir,
    rssMb: () => rssMb(pid),
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Latencies = Record<string, number[]>;

/**
 * Requests each URL over and over, one request at a time per URL, until `stop()`, and returns every
 * latency in ms by URL (a failed request counts as infinitely slow). `started` resolves once every URL
 * has had its first answer, so a test can put its load on only then.
 * It runs in a worker thread of its own, so the load the test generates on its main thread does not
 * delay these requests: what they measure is the server.
 */
export function probe(urls: string[]): { started: Promise<void>; stop(): Promise<Latencies> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { urls } });
  let answered = () => {};
  let failed = (_err: unknown) => {};
  const started = new Promise<void>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  // A worker that fails is reported by stop() too, whether or not the test waited for the start.
  started.catch(() => {});
  const done = new Promise<Latencies>((resolve, reject) => {
    worker.on('message', (message: 'started' | { latencies: Latencies }) => (message === 'started' ? answered() : resolve(message.latencies)));
    worker.once('error', (err) => {
      failed(err);
      reject(err);
    });
  });
  return {
    started,
    async stop() {
      worker.postMessage('stop');
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}

const PROBE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true });
const latencies = Object.fromEntries(workerData.urls.map((u) => [u, []]));
let stopping = false;
parentPort.on('message', () => { stopping = true; });
const get = (url) => new Promise((resolve) => {
  const t0 = performance.now();
  const req = http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode }));
  });
  req.on('error', () => resolve({ ms: performance.now() - t0, status: 0 }));
});
const answered = new Set();
const loop = async (url) => {
  while (!stopping) {
    const r = await get(url);
    latencies[url].push(r.status === 200 ? r.ms : Infinity);
    if (!answered.has(url) && answered.add(url).size === workerData.urls.length) parentPort.postMessage('started');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
Promise.all(workerData.urls.map(loop)).then(() => parentPort.postMessage({ latencies }));
`;

export type Sent = { status: number; ms: number; error?: string };

/**
 * Sends one request with its own connection and returns its status (0 when the connection failed before
 * any answer) and how long it took. A server may answer before reading the whole body and close:
 * the answer counts.
 */
export function send(base: string, method: string, url: string, body: Buffer | string, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let settled = false;
    let answered = 0;
    const settle = (status: number, error?: string) => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - t0, ...(error ? { error } : {}) });
    };
    const req = http.request(`${base}${url}`, { method, agent: false, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      answered = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => settle(answered));
      res.on('error', () => settle(answered));
    });
    req.on('error', (err: NodeJS.ErrnoException) => settle(answered, err.code ?? err.message));
    req.end(body);
  });
}

const FLOOD = `
const http = require('node:http');
const { readFileSync } = require('node:fs');
const [base, method, url, bodyFile, count] = process.argv.slice(1);
const body = readFileSync(bodyFile);
const send = () => new Promise((resolve) => {
  const t0 = performance.now();
  let settled = false;
  let answered = 0;
  const settle = (error) => {
    if (settled) return;
    settled = true;
    resolve({ status: answered, ms: performance.now() - t0, ...(error ? { error } : {}) });
  };
  const req = http.request(base + url, { method, agent: false, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } }, (res) => {
    answered = res.statusCode;
    res.resume();
    res.on('end', () => settle());
    res.on('error', () => settle());
  });
  req.on('error', (err) => settle(err.code || err.message));
  req.end(body);
});
Promise.all(Array.from({ length: Number(count) }, send)).then((results) => process.stdout.write(JSON.stringify(results)));
`;

/**
 * Sends `count` requests with the body in `bodyFile`, all at once, each on its own connection, from a process
 * of its own at a lower priority: it stands for clients on other machines, so the CPU that pushing their
 * bytes costs does not count against the server on a small test machine (the server and the test run at
 * normal priority).
 */
export async function flood(base: string, method: string, url: string, bodyFile: string, count: number): Promise<Sent[]> {
  const child = spawn(process.execPath, ['-e', FLOOD, base, method, url, bodyFile, String(count)], { stdio: ['ignore', 'pipe', 'inherit'] });
  setPriority(child.pid!, 10);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`the flood process exited with ${code}`);
  return JSON.parse(out) as Sent[];
}

/** How many times each status (or each label a test gives a kind of status) occurs. */
export const counts = (statuses: (number | string)[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]));
