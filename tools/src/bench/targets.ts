import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import pino from 'pino';
import { buildApp, WEB_DIST, WEB_SERVER_ENTRY } from '@meltway/api/app';
import { loadConfig } from '@meltway/api/config';
import { openPostgres } from '@meltway/api/db/client';
import { DEFAULT_RATE_LIMITS, type Deps } from '@meltway/api/lib/ctx';
import { accessTokens } from '@meltway/api/lib/jwt';
import { memoryLimiter } from '@meltway/api/lib/limiter';
import { createMailer } from '@meltway/api/lib/mailer';
import { orderLinks } from '@meltway/api/lib/order-links';
import { cardProvider } from '@meltway/api/lib/payments';
import { localStorage } from '@meltway/api/lib/storage';

/**
 * The servers a benchmark measures, in one process of their own: the real app on PostgreSQL
 * and a bare Fastify "hello" route, the yardstick every figure is divided by.
 */
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required');
// The layout generator's engine threads as the environment sets them, as `npm start` would.
const config = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: process.env.BENCH_DATA_DIR ?? '/tmp/meltway-bench',
  LOG_LEVEL: 'silent',
  DESIGN_WORKERS: process.env.DESIGN_WORKERS,
  DESIGN_QUEUE: process.env.DESIGN_QUEUE,
  DESIGN_TIMEOUT_MS: process.env.DESIGN_TIMEOUT_MS,
});
const log = pino({ level: 'silent' });
const database = await openPostgres(url, 20);
const deps: Deps = {
  config,
  database,
  mailer: createMailer({ outboxDir: `${config.dataDir}/outbox`, from: config.mailFrom, log }),
  storage: localStorage(`${config.dataDir}/uploads`),
  privateFiles: localStorage(`${config.dataDir}/private`, '/private'),
  limiter: memoryLimiter(),
  tokens: accessTokens('bench-secret-bench-secret-bench-secret-0000'),
  orderLinks: orderLinks('bench-secret-bench-secret-bench-secret-0000', config.orderLinkDays),
  rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: { max: 1_000_000, windowSeconds: 60 }, guestOrdersPerIp: { max: 1_000_000, windowSeconds: 60 }, designCalculatePerIp: { max: 1_000_000, windowSeconds: 60 } },
  clock: () => new Date(),
  payments: cardProvider(null, 'bench-secret-bench-secret-bench-secret-0000'),
};
// A product image, the file sign-ins must not starve; the web app as built (`npm run bench` builds it),
// its pages rendered on the server.
mkdirSync(path.join(config.dataDir, 'uploads', 'products'), { recursive: true });
writeFileSync(path.join(config.dataDir, 'uploads', 'products', 'bench-photo.png'), Buffer.alloc(150 * 1024, 7));
if (!existsSync(path.join(WEB_DIST, 'index.html')) || !existsSync(WEB_SERVER_ENTRY)) throw new Error('The web app is not built: run `npm run build` first');
const app = await buildApp(deps, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

const hello = Fastify({ logger: false });
hello.get('/hello', async () => ({ hello: 'world' }));
// How long this process's event loop (the app's and this route's) was held, since the last reset: the largest delay
// and the 99th percentile a timer saw, in ms, and the share of the time the loop was busy (its utilisation).
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let since = performance.eventLoopUtilization();
hello.post('/event-loop/reset', async () => {
  delay.reset();
  since = performance.eventLoopUtilization();
  return { reset: true };
});
hello.get('/event-loop', async () => ({
  maxMs: delay.max / 1e6,
  p99Ms: delay.percentile(99) / 1e6,
  utilisation: performance.eventLoopUtilization(since).utilization,
}));
await hello.listen({ port: 0, host: '127.0.0.1' });

const port = (s: typeof hello) => {
  const a = s.server.address();
  return typeof a === 'object' && a ? a.port : 0;
};
process.stdout.write(`${JSON.stringify({ app: port(app as unknown as typeof hello), hello: port(hello) })}\n`);
process.on('SIGTERM', async () => {
  await Promise.all([app.close(), hello.close()]);
  await database.close();
  process.exit(0);
});
