import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres } from '../db/client.js';
import { DEFAULT_RATE_LIMITS, type Deps } from '../lib/ctx.js';
import { accessTokens } from '../lib/jwt.js';
import { memoryLimiter } from '../lib/limiter.js';
import { createMailer } from '../lib/mailer.js';
import { startOutboxWorker } from '../lib/outbox.js';
import { startHoldReleaser } from '../modules/orders/order-holds.service.js';
import { orderOutboxWork } from '../modules/orders/order-links.service.js';
import { orderLinks } from '../lib/order-links.js';
import { cardProvider } from '../lib/payments.js';
import { localStorage } from '../lib/storage.js';

/**
 * The real app in a process of its own, for tests that measure a whole server: its memory (RSS) and
 * its answers while its thread pool or its event loop is busy. Started by `load-fixtures.ts` with
 * DATA_DIR, WEB_DIST, and DATABASE_URL (PostgreSQL) or PGLITE_SNAPSHOT (a migrated PGlite dump);
 * writes `{"port":n}` as its first line. Per-IP limits are raised, as in the harness: every request
 * of a test comes from one address. With WORKERS=1 it also runs the background workers of server.ts (the
 * outbox, the hold releaser), polling every 200 ms; with LOG_ERRORS=1 it logs its errors to stderr.
 */
const env = process.env;
const config = loadConfig({ ...env, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test' });
const database = config.databaseUrl
  ? await openPostgres(config.databaseUrl, 10, { warn: () => {} })
  : await openPglite(undefined, new Blob([readFileSync(env.PGLITE_SNAPSHOT!)]));
const log = pino({ level: 'silent' });
const raised = { max: 1_000_000, windowSeconds: 60 };
const deps: Deps = {
  config,
  database,
  mailer: createMailer({ outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log }),
  storage: localStorage(path.join(config.dataDir, 'uploads')),
  privateFiles: localStorage(path.join(config.dataDir, 'private'), '/private'),
  limiter: memoryLimiter(),
  tokens: accessTokens('server-process-secret-that-is-long-enough-0123456789'),
  orderLinks: orderLinks('server-process-secret-that-is-long-enough-0123456789', config.orderLinkDays),
  rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: raised, registerPerIp: raised, guestOrdersPerIp: raised },
  clock: () => new Date(),
  payments: cardProvider(null, 'server-process-secret-that-is-long-enough-0123456789'),
};
const app = await buildApp(deps, { logger: env.LOG_ERRORS === '1' ? { level: 'error', stream: process.stderr } : false, webDist: env.WEB_DIST });
const workers =
  env.WORKERS === '1'
    ? [
        startOutboxWorker({ db: database.db, mailer: deps.mailer, log, clock: deps.clock, work: orderOutboxWork(deps), intervalMs: 200 }),
        startHoldReleaser({ db: database.db, clock: deps.clock, config, log, intervalMs: 200 }),
      ]
    : [];
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    for (const worker of workers) await worker.stop();
    await deps.limiter.close();
    deps.mailer.close();
    await database.close();
    process.exit(0);
  })();
});
