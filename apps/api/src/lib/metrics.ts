import { and, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema/commerce.js';
import { cacheReads } from './ttl-cache.js';

/** Seconds; from a cached public answer (under a millisecond) to a slow export. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** Node's own figures (CPU, memory, event loop delay, garbage collection): one set per process, however many apps it builds. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The route a request is counted under: its pattern (`/api/v1/products/:slug`), never its URL, so a series
 * stands for a route and not for each product or token. The web app's files, one route each, count as one;
 * what no route answered is a `page` (the web app's pages) or `unmatched`.
 */
function routeLabel(pattern: string | undefined, status: number): string {
  if (!pattern) return status < 400 ? 'page' : 'unmatched';
  if (!pattern.startsWith('/api/') && !/[:*]/.test(pattern) && /\.[a-z0-9]+$/i.test(pattern)) return 'static file';
  return pattern;
}

/** Outbox jobs not done and not given up, those due now, and how long the oldest of them has waited. */
async function outboxQueue(db: Database['db'], now: Date) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      due: sql<number>`(count(*) filter (where ${outbox.runAt} <= ${now.toISOString()}::timestamptz))::int`,
      oldest: sql<number | null>`extract(epoch from min(${outbox.createdAt}))::float8`,
    })
    .from(outbox)
    .where(and(isNull(outbox.doneAt), isNull(outbox.failedAt)));
  const oldest = row?.oldest == null ? null : Number(row.oldest);
  return { pending: row?.pending ?? 0, due: row?.due ?? 0, oldestAgeSeconds: oldest === null ? 0 : Math.max(0, now.getTime() / 1000 - oldest) };
}

/** The pool behind a PostgreSQL database; PGlite has none (one connection, in this process). */
const poolOf = (database: Database) => {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

const labelNames = ['method', 'route', 'status_code'] as const;
type Registers = Registry[];

/** The requests answered, their time and their 5xx, by route pattern and status. */
function requestSeries(registers: Registers) {
  const requests = new Counter({ name: 'meltway_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames, registers });
  const duration = new Histogram({
    name: 'meltway_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by route pattern and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const errors = new Counter({ name: 'meltway_http_server_errors_total', help: 'Requests answered with a 5xx status, by route pattern', labelNames: ['method', 'route'], registers });
  return { requests, duration, errors };
}

/** The public answer cache's hits and misses, and every named in-process cache's, read when scraped. */
function cacheSeries(registers: Registers) {
  const cache = new Counter({
    name: 'meltway_public_cache_requests_total',
    help: 'Anonymous reads of cacheable routes, by whether the public answer cache had them (hit) or not (miss)',
    labelNames: ['result'],
    registers,
  });
  // Both results exist from the start, so a ratio over them is defined before the first miss.
  cache.inc({ result: 'hit' }, 0);
  cache.inc({ result: 'miss' }, 0);
  // Every named in-process cache (pages, public answers, sessions, catalogue reads, list totals…), read from their
  // counts when scraped: each scrape adds what was read since the one before.
  const counted = new Map<string, { hits: number; misses: number }>();
  new Counter({
    name: 'meltway_cache_reads_total',
    help: 'Reads of each in-process cache of this process, by cache and by whether it had the entry (hit) or not (miss)',
    labelNames: ['cache', 'result'],
    registers,
    collect() {
      for (const [name, now] of cacheReads()) {
        const before = counted.get(name) ?? { hits: 0, misses: 0 };
        this.inc({ cache: name, result: 'hit' }, now.hits - before.hits);
        this.inc({ cache: name, result: 'miss' }, now.misses - before.misses);
        counted.set(name, { ...now });
      }
    },
  });
  return cache;
}

/** The database (kind, up, pool) and the mail outbox (depth, age); answers what reads them, once a scrape. */
function databaseSeries(registers: Registers, database: Database, clock: () => Date) {
  new Gauge({ name: 'meltway_db_info', help: 'The database in use (pglite: embedded, one connection; postgres: a pool)', labelNames: ['kind'], registers }).set(
    { kind: database.kind },
    1,
  );
  const dbUp = new Gauge({ name: 'meltway_db_up', help: 'Whether the database answered a query within a second when scraped', registers });
  const pool = poolOf(database);
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    poolGauge('meltway_db_pool_max', 'Connections the PostgreSQL pool may open', () => pool.options.max);
    poolGauge('meltway_db_pool_total', 'Connections the PostgreSQL pool holds open', () => pool.totalCount);
    poolGauge('meltway_db_pool_idle', 'Open connections not running a query', () => pool.idleCount);
    poolGauge('meltway_db_pool_waiting', 'Queries waiting for a connection', () => pool.waitingCount);
  }

  const pending = new Gauge({ name: 'meltway_outbox_pending_jobs', help: 'Mails queued and not sent yet (waiting or being retried); given-up ones not counted', registers });
  const due = new Gauge({ name: 'meltway_outbox_due_jobs', help: 'Queued mails whose time has come: the backlog the outbox worker has to send now', registers });
  const oldestAge = new Gauge({ name: 'meltway_outbox_oldest_pending_age_seconds', help: 'How long the oldest queued, unsent mail has waited (0 when none)', registers });

  /** What is read from the database, once a scrape: NaN, not a wrong figure, when it does not answer (meltway_db_up says so). */
  return async function readDatabase() {
    const up = await database.ping(1000).then(
      () => true,
      () => false,
    );
    dbUp.set(up ? 1 : 0);
    const queue = up ? await outboxQueue(database.db, clock()).catch(() => null) : null;
    pending.set(queue?.pending ?? NaN);
    due.set(queue?.due ?? NaN);
    oldestAge.set(queue?.oldestAgeSeconds ?? NaN);
  };
}

/**
 * The app's series: requests, their time and 5xx per route, the public answer cache's hits and misses, and,
 * read when scraped, the database (up, pool) and the mail outbox (depth, age).
 */
export function createMetrics(opts: { database: Database; clock: () => Date }) {
  const registry = new Registry();
  const registers = [registry];
  const { requests, duration, errors } = requestSeries(registers);
  const cache = cacheSeries(registers);
  const readDatabase = databaseSeries(registers, opts.database, opts.clock);

  /** Children of each series by their labels, so counting a request is a map look-up. */
  const series = new Map<string, { count: Counter.Internal; time: Histogram.Internal<(typeof labelNames)[number]>; errors: Counter.Internal | null }>();

  return {
    /** Counts one answered request under its route pattern. */
    request(method: string, pattern: string | undefined, status: number, seconds: number) {
      const route = routeLabel(pattern, status);
      const key = `${method} ${status} ${route}`;
      let s = series.get(key);
      if (!s) {
        const labels = { method, route, status_code: String(status) };
        s = { count: requests.labels(labels), time: duration.labels(labels), errors: status >= 500 ? errors.labels({ method, route }) : null };
        series.set(key, s);
      }
      s.count.inc();
      s.time.observe(seconds);
      s.errors?.inc();
    },
    /** Counts one read of a cacheable route, answered from the cache or not. */
    cacheRead(hit: boolean) {
      cache.inc({ result: hit ? 'hit' : 'miss' });
    },
    /** The text Prometheus scrapes: the app's series, then the process's. */
    async text() {
      await readDatabase();
      return (await registry.metrics()) + (await processMetrics().metrics());
    },
    contentType: registry.contentType,
  };
}
