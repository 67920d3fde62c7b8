import { createReadStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { createInterface } from 'node:readline';
import { adminToken, cacheCheck, mailOnceCheck, sessionCheck, signInLimitCheck, uploadCheck, type Check, type Sides } from './checks.js';
import {
  emptyRedisDb,
  freePort,
  mailSink,
  print,
  randomSecret,
  rssMb,
  runScript,
  startApi,
  startNginx,
  tail,
  tempFolder,
  throwawayDatabase,
  waitHealthy,
  type ApiProcess,
  type Mailbox,
} from './cluster.js';
import { sleep, waitFor } from './http.js';
import { connectionsOf, percentile, prepareFixtures, runJobs, signInAll, workload, workloadOrders, type Tally } from './load.js';

/**
 * `npm run cluster`: the installation deploy/ describes, on this machine. Two API processes (apps/api/dist/server.js)
 * on one throwaway PostgreSQL database and one Redis database, sharing their JWT secret and DATA_DIR, behind nginx
 * configured by deploy/nginx/meltway.conf; then numbered checks, each PASS or FAIL with its figures: a session, the
 * sign-in limit, a price change, an upload and the outbox's mail across the two processes; a mixed workload through
 * nginx at 200 connections (no error allowed; p50 and p99 per kind printed, never judged); with `--soak` (`npm run soak`),
 * the processes' memory over a soak. Everything started is stopped at the end, after a failure or Ctrl-C too; exits 1
 * on any FAIL. Without `--soak` every check is one of correctness, which is what CI runs.
 */
const seconds = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 1) throw new Error(`${name} must be a number of seconds (got ${process.env[name]})`);
  return v;
};
const LOAD_SECONDS = seconds('CLUSTER_LOAD_SECONDS', 60);
const SOAK = process.argv.includes('--soak');
const SOAK_SECONDS = seconds('CLUSTER_SOAK_SECONDS', 300);
const PG_URL = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_DB = Number(process.env.CLUSTER_REDIS_DB ?? 15);
const POLL_MS = 250;
/**
 * Memory is flat when the lowest RSS of the soak's last fifth is at most this much above the lowest of its second (the
 * first warms up). The lows are where the heap stands after a collection: a leak raises them, while where a sawtooth
 * happens to be when sampled moves a mean (+40.8% and +1.1% in two runs of the same code compared means).
 */
const FLAT = 0.1;

const checks: Check[] = [];
const report = (c: Check) => {
  checks.push(c);
  print(`${String(checks.length).padStart(2)}. ${c.ok ? 'PASS' : 'FAIL'}  ${c.label}\n      ${c.figures}`);
};
/** A check that throws is a FAIL with its reason; the run goes on to the next. */
const attempt = async (label: string, run: () => Promise<Check>) => {
  try {
    report(await run());
  } catch (err) {
    report({ label, ok: false, figures: err instanceof Error ? err.message : String(err) });
  }
};

/** Lines of a (large) log file holding `needle`. */
async function countLines(file: string, needle: string) {
  let n = 0;
  for await (const line of createInterface({ input: createReadStream(file) })) if (line.includes(needle)) n++;
  return n;
}

async function main() {
  const started = Date.now();
  const folder = tempFolder();
  const { dir } = folder;
  const taken = new Set<number>();
  const [portA, portB, portLb, portSmtp] = [await freePort(3400, 3499, taken), await freePort(3400, 3499, taken), await freePort(3400, 3499, taken), await freePort(3400, 3499, taken)];
  const database = await throwawayDatabase(PG_URL);
  const redis = await emptyRedisDb(REDIS_URL, REDIS_DB);
  const box: Mailbox = await mailSink(portSmtp!);
  print(`database ${database.name}, Redis db ${redis.db}, data and logs in ${dir}`);

  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    JWT_SECRET: randomSecret(),
    DATA_DIR: path.join(dir, 'data'),
    SMTP_URL: `smtp://127.0.0.1:${portSmtp}`,
    PUBLIC_URL: `http://127.0.0.1:${portLb}`,
    TRUST_PROXY: '1',
    CACHE_POLL_MS: String(POLL_MS),
    SEED_DEMO: '1',
    ADMIN_EMAIL: 'cluster-admin@example.com',
    ADMIN_PASSWORD: randomSecret(),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    // Two processes on this machine: each its share of the cores for the layout generator's engine threads, the
    // others' event loops left theirs (docs/operations.md).
    DESIGN_WORKERS: String(Math.max(1, Math.floor((availableParallelism() - 2) / 2))),
  };
  // Started together, as systemd starts meltway.target: the first start's seeding takes turns under its lock.
  const apis: ApiProcess[] = [startApi('A', portA!, env, dir), startApi('B', portB!, env, dir)];
  const [a, b] = apis as [ApiProcess, ApiProcess];
  await Promise.all(apis.map((p) => waitHealthy(p.base, 180_000, apis)));
  const nginx = await startNginx(dir, portLb!, [portA!, portB!]);
  print(`A on ${a.port} (pid ${a.pid}), B on ${b.port} (pid ${b.pid}), nginx on ${portLb} (pid ${nginx.pid}), SMTP sink on ${portSmtp}; up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  const sides: Sides = { a: { name: 'A', base: a.base }, b: { name: 'B', base: b.base }, lb: { name: 'nginx', base: nginx.base } };
  await attempt('a session made on A works on B', () => sessionCheck(sides));
  await attempt('the sign-in limit counts across both processes', () => signInLimitCheck(sides));
  const token = await adminToken(sides.a);
  await attempt('a product price changed through A is seen through B', () => cacheCheck(sides, token, POLL_MS, SOAK));
  await attempt('an upload through A is served by B', () => uploadCheck(sides, token));
  await attempt('each mail sent once with both workers running', () =>
    mailOnceCheck(sides, box, database.url, apis.map((p) => ({ name: p.name, read: () => readFileSync(p.log, 'utf8') }))),
  );

  // The mixed workload through nginx.
  const fixtures = await prepareFixtures(database.url, nginx.base, { cart: 25, orders: 10, learners: 20 });
  const tokens = await signInAll(sides, fixtures);
  const jobs = workload(fixtures, tokens, { browse: 60, search: 30, quote: 25, dashboard: 30 }, { orders: true });
  const served0 = await Promise.all(apis.map((p) => countLines(p.log, '"request completed"')));
  print(`\nmixed workload through nginx: ${connectionsOf(jobs)} connections for ${LOAD_SECONDS} s …`);
  const tallies = await runJobs(nginx.base, jobs, LOAD_SECONDS);
  const served = (await Promise.all(apis.map((p) => countLines(p.log, '"request completed"')))).map((n, i) => n - served0[i]!);
  printTallies(tallies, LOAD_SECONDS);
  const failures = tallies.reduce((n, t) => n + t.errors + [...t.non2xx.values()].reduce((x, y) => x + y, 0), 0);
  const total = tallies.reduce((n, t) => n + t.latencies.length, 0);
  report({
    label: `${connectionsOf(jobs)} connections for ${LOAD_SECONDS} s through nginx without an error, served by both processes`,
    ok: failures === 0 && total > 0 && served.every((n) => n > 0),
    figures: `${total} answers (${(total / LOAD_SECONDS).toFixed(0)} a second), ${failures} errors or unexpected statuses; API requests logged by A ${served[0]}, by B ${served[1]}`,
  });

  await attempt('every order mail of the workload sent once', async () => {
    const t0 = Date.now();
    await waitFor(async () => (await workloadOrders(database.url)).pending === 0, 180_000, 500);
    await sleep(5_000);
    const { orders, pending } = await workloadOrders(database.url);
    const mails = box.received.filter((m) => m.to.some((t) => t.startsWith('cluster-user-')));
    const subjects = new Map<string, number>();
    for (const m of mails) subjects.set(m.subject, (subjects.get(m.subject) ?? 0) + 1);
    const twice = [...subjects.values()].filter((n) => n > 1).length;
    // One confirmation an order; a buyer's newer unpaid card order also cancels its older one, with a mail of its own.
    const confirmations = mails.filter((m) => / received$/.test(m.subject)).length;
    return {
      label: 'every order mail of the workload sent once',
      ok: orders > 0 && pending === 0 && confirmations === orders && twice === 0,
      figures: `${orders} orders placed, ${confirmations} confirmations among ${mails.length} mails received (${subjects.size} different subjects, ${twice} received more than once), ${pending} still queued; the outbox emptied ${((Date.now() - t0) / 1000).toFixed(1)} s after the load`,
    };
  });

  // The soak: a moderate share of the same workload, without orders, and each process's memory every 5 s.
  if (SOAK) await attempt('memory of each process flat over the soak', async () => {
    const soakTokens = { ...tokens, cart: tokens.cart.slice(0, 4), learners: tokens.learners.slice(0, 4) };
    const soakJobs = workload(fixtures, soakTokens, { browse: 8, search: 4, quote: 4, dashboard: 6 }, { orders: false });
    // Twenty samples at least, every 5 s at most.
    const everyMs = Math.min(5_000, (SOAK_SECONDS * 1000) / 20);
    print(`\nsoak through nginx: ${connectionsOf(soakJobs)} connections for ${SOAK_SECONDS} s, memory sampled every ${(everyMs / 1000).toFixed(1)} s …`);
    const samples: number[][] = apis.map(() => []);
    const sample = () => apis.forEach((p, i) => samples[i]!.push(rssMb(p.pid)));
    sample();
    const timer = setInterval(sample, everyMs);
    const soakTallies = await runJobs(nginx.base, soakJobs, SOAK_SECONDS).finally(() => clearInterval(timer));
    sample();
    printTallies(soakTallies, SOAK_SECONDS);
    const soakFailures = soakTallies.reduce((n, t) => n + t.errors + [...t.non2xx.values()].reduce((x, y) => x + y, 0), 0);
    const lowest = (xs: number[]) => Math.min(...xs);
    const rows = apis.map((p, i) => {
      const s = samples[i]!;
      // The first fifth warms up (the heap grows to the workload's size); the second is the start, the last the end.
      const fifth = Math.max(1, Math.floor(s.length / 5));
      const start = lowest(s.slice(fifth, 2 * fifth));
      const endMb = lowest(s.slice(-fifth));
      return { name: p.name, first: s[0]!, start, end: endMb, max: Math.max(...s), growth: (endMb - start) / start, n: s.length };
    });
    return {
      label: `memory of each process flat over a ${SOAK_SECONDS} s soak (lowest RSS of its last fifth at most ${FLAT * 100}% above the lowest of its second; the first warms up)`,
      ok: soakFailures === 0 && rows.every((r) => Number.isFinite(r.growth) && r.growth <= FLAT),
      figures:
        rows
          .map((r) => `${r.name}: RSS ${r.first.toFixed(1)} MB at the soak's start, lowest ${r.start.toFixed(1)} MB after warming up and ${r.end.toFixed(1)} MB at the end, growth ${(r.end - r.start).toFixed(1)} MB (${(r.growth * 100).toFixed(1)}%), max ${r.max.toFixed(1)} MB over ${r.n} samples`)
          .join('; ') + `; ${soakFailures} errors during the soak`,
    };
  });

  const failed = checks.filter((c) => !c.ok).length;
  print(`\n${checks.length - failed} of ${checks.length} checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failed) {
    folder.keep();
    for (const p of apis) print(`\nthe end of ${p.name}'s log (${p.log}, ${(statSync(p.log).size / 1e6).toFixed(1)} MB):\n${tail(p.log, 5)}`);
    print(`\nthe run's data, logs and nginx files are kept in ${dir}`);
    process.exitCode = 1;
  }
}

function printTallies(tallies: Tally[], secs: number) {
  print('kind               answers   per s    p50 ms    p99 ms    max ms   errors   unexpected statuses and errors');
  for (const t of tallies) {
    const sorted = [...t.latencies].sort((x, y) => x - y);
    const statuses = [...[...t.non2xx].map(([s, n]) => `${s}: ${n}`), ...[...t.errorKinds].map(([e, n]) => `${e}: ${n}`)].join(', ') || '-';
    print(
      `${t.kind.padEnd(16)} ${String(sorted.length).padStart(9)} ${(sorted.length / secs).toFixed(0).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(9)} ${percentile(sorted, 99).toFixed(1).padStart(9)} ${(sorted.at(-1) ?? Number.NaN).toFixed(1).padStart(9)} ${String(t.errors).padStart(8)}   ${statuses}`,
    );
  }
}

runScript('cluster', main);
