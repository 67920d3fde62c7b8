import { once } from 'node:events';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Check } from '../cluster/checks.js';
import { freePort, print, randomSecret, runScript, startApi, tail, tempFolder, throwawayDatabase, waitHealthy, type ApiProcess } from '../cluster/cluster.js';
import { sleep } from '../cluster/http.js';
import { orderIds, stockOf, verify } from './checks.js';
import { newLedger, prepare, seeded, startLoad, type Random } from './load.js';

/**
 * `npm run crash`: crashes lose nothing. On PostgreSQL (a throwaway database) and on the embedded database
 * (a fresh DATA_DIR), one API process (apps/api/dist/server.js) with the demo data takes a write load of
 * orders (guests, some with a coupon limited to 15 orders, and signed-in contractors), registrations and
 * quiz attempts; at a random moment of each round it is killed with SIGKILL, started again once it is gone,
 * and the load goes on. Then numbered checks, each PASS or FAIL with its counts: every write answered 2xx
 * is there, each product's stock is its start minus what the orders in the database took, the coupon is
 * not used past its limit, and the server started again after every kill. Everything started is stopped
 * at the end, after a failure or Ctrl-C too; exits 1 on any FAIL.
 */
const whole = (name: string, fallback: number, min: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be a whole number of at least ${min} (got ${process.env[name]})`);
  return v;
};
// Five kills a database are CI's check of correctness; `npm run soak` runs twenty on a quiet machine.
const ROUNDS = whole('CRASH_ROUNDS', 5, 1);
const ROUND_MIN_MS = 1_000;
const ROUND_MAX_MS = whole('CRASH_ROUND_MAX_MS', 4_000, ROUND_MIN_MS);
const SEED = whole('CRASH_SEED', Math.floor(Math.random() * 2 ** 31), 0);
const PG_URL = process.env.CRASH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const COUPON_LIMIT = 15;
const LEARNERS = 3;
// Each registration hashes a password (scrypt), and so does each sign-in that checks it afterwards: one client is enough.
const CLIENTS = { guests: 3, registrations: 1 };
/** The first start seeds the demo; a restart after a kill only opens the database. */
const FIRST_START_MS = 180_000;
const RESTART_MS = 60_000;

const checks: Check[] = [];
const report = (c: Check) => {
  checks.push(c);
  print(`${String(checks.length).padStart(2)}. ${c.ok ? 'PASS' : 'FAIL'}  ${c.label}\n      ${c.figures}`);
};

/** SIGKILL, then wait until the process is gone (its pid no longer in /proc): the next start may open its files. */
async function kill(api: ApiProcess) {
  const exited = api.child.exitCode !== null || api.child.signalCode !== null ? Promise.resolve() : once(api.child, 'exit');
  api.child.kill('SIGKILL');
  await exited;
  while (existsSync(`/proc/${api.pid}`)) await sleep(10);
}

type Database = { name: string; env: Record<string, string> };

/** The process of the database being checked, ended (SIGTERM) before the next database's run. */
let current: ApiProcess | undefined;
async function endCurrent() {
  const api = current;
  current = undefined;
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = once(api.child, 'exit');
  api.child.kill('SIGTERM');
  const timer = setTimeout(() => api.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** One database's rounds and checks; answers whether the run got as far as its checks. */
async function crashOne(db: Database, dir: string, port: number, random: Random) {
  print(`\n${db.name}: ${ROUNDS} kills, each after ${ROUND_MIN_MS / 1000}-${ROUND_MAX_MS / 1000} s of load, on port ${port}`);
  const t0 = Date.now();
  let api = (current = startApi(db.name, port, db.env, dir));
  await waitHealthy(api.base, FIRST_START_MS, [api]);
  const run = `${db.name.slice(0, 2)}${Date.now().toString(36)}`;
  const setup = await prepare(api.base, run, COUPON_LIMIT, LEARNERS);
  const before = { orders: await orderIds(api.base, setup.admin), stock: await stockOf(api.base, setup.products) };
  print(`first start, demo data and setup in ${((Date.now() - t0) / 1000).toFixed(1)} s (pid ${api.pid}); coupon ${setup.coupon.code} limited to ${setup.coupon.limit} orders; ${setup.products.length} products at stock ${[...before.stock.values()].join(', ')}`);

  const ledger = newLedger();
  const restarts: number[] = [];
  let kills = 0;
  let failedRestart = '';
  for (let round = 1; round <= ROUNDS; round++) {
    const loadMs = random.int(ROUND_MIN_MS, ROUND_MAX_MS);
    const load = startLoad(api.base, setup, ledger, random, CLIENTS);
    await sleep(loadMs);
    load.stop();
    await kill(api);
    kills++;
    await load.done;
    const started = Date.now();
    api = current = startApi(db.name, port, db.env, dir);
    try {
      await waitHealthy(api.base, RESTART_MS, [api]);
    } catch (err) {
      failedRestart = `round ${round}: ${err instanceof Error ? err.message : String(err)}`;
      break;
    }
    restarts.push(Date.now() - started);
    process.stdout.write(`  round ${String(round).padStart(2)}: killed after ${(loadMs / 1000).toFixed(1)} s, healthy again in ${(restarts.at(-1)! / 1000).toFixed(1)} s\n`);
  }

  const max = restarts.length ? Math.max(...restarts) : Number.NaN;
  const mean = restarts.length ? restarts.reduce((x, y) => x + y, 0) / restarts.length : Number.NaN;
  report({
    label: `${db.name}: the server started and answered health after every kill`,
    ok: !failedRestart && restarts.length === kills && kills === ROUNDS,
    figures: `${kills} kills (SIGKILL), ${restarts.length} restarts healthy; restart time mean ${(mean / 1000).toFixed(1)} s, max ${(max / 1000).toFixed(1)} s${failedRestart ? `; FAILED at ${failedRestart}` : ''}`,
  });
  if (failedRestart) return false;
  const checked = Date.now();
  for (const c of await verify(api.base, setup, ledger, before)) report({ ...c, label: `${db.name}: ${c.label}` });
  print(`${db.name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s (the checks ${((Date.now() - checked) / 1000).toFixed(0)} s)`);
  return true;
}

async function main() {
  const started = Date.now();
  const folder = tempFolder();
  const { dir } = folder;
  const random = seeded(SEED);
  print(`CRASH_SEED=${SEED} CRASH_ROUNDS=${ROUNDS} CRASH_ROUND_MAX_MS=${ROUND_MAX_MS}; data and logs in ${dir}`);
  const taken = new Set<number>();
  const port = await freePort(3460, 3479, taken);
  const common = {
    JWT_SECRET: randomSecret(),
    SEED_DEMO: '1',
    ADMIN_EMAIL: 'crash-admin@example.com',
    ADMIN_PASSWORD: randomSecret(),
    // One client address per request (X-Forwarded-For): the per-address limits are not what is checked.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };

  const database = await throwawayDatabase(PG_URL);
  const pgDir = path.join(dir, 'postgres');
  const embeddedDir = path.join(dir, 'embedded');
  for (const d of [pgDir, embeddedDir]) mkdirSync(d, { recursive: true });
  const runs: [Database, string][] = [
    [{ name: 'postgres', env: { ...common, DATABASE_URL: database.url, DATA_DIR: path.join(pgDir, 'data') } }, pgDir],
    [{ name: 'embedded', env: { ...common, DATA_DIR: path.join(embeddedDir, 'data') } }, embeddedDir],
  ];
  print(`PostgreSQL database ${database.name}`);
  const logs: string[] = [];
  for (const [db, logDir] of runs) {
    logs.push(path.join(logDir, `api-${db.name}.log`));
    try {
      await crashOne(db, logDir, port, random);
    } catch (err) {
      report({ label: `${db.name}: the run`, ok: false, figures: err instanceof Error ? err.message : String(err) });
    }
    // The next database's process takes the same port: this one's last process ends first.
    await endCurrent();
  }

  const failed = checks.filter((c) => !c.ok).length;
  print(`\n${checks.length - failed} of ${checks.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s (CRASH_SEED=${SEED})`);
  if (failed) {
    folder.keep();
    for (const log of logs) if (existsSync(log)) print(`\nthe end of ${log} (${(statSync(log).size / 1e6).toFixed(1)} MB):\n${tail(log, 5)}`);
    print(`\nthe run's data and logs are kept in ${dir}`);
    process.exitCode = 1;
  }
}

runScript('crash', main);
