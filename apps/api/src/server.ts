import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, listenHost, loadConfig } from './config.js';
import { openPglite, openPostgres } from './db/client.js';
import { backfillSearchText } from './modules/academy/course-search.js';
import { startHoldReleaser } from './modules/orders/order-holds.service.js';
import { orderOutboxWork } from './modules/orders/order-links.service.js';
import { demoAccounts, prepareData } from './seed/first-run.js';
import { DEMO_PASSWORD } from './seed/seed.js';
import { DEFAULT_RATE_LIMITS, type Deps } from './lib/ctx.js';
import { accessTokens } from './lib/jwt.js';
import { memoryLimiter, redisLimiter } from './lib/limiter.js';
import { logDestination, logOptions } from './lib/log.js';
import { createMailer } from './lib/mailer.js';
import { startOutboxWorker } from './lib/outbox.js';
import { startCertificateReminders } from './modules/academy/certificate-reminders.js';
import { cardProvider } from './lib/payments.js';
import { orderLinks } from './lib/order-links.js';
import { resolveJwtSecret } from './lib/secrets.js';
import { passwordHashing, threadPoolSize } from './lib/passwords.js';
import { localStorage } from './lib/storage.js';
import { processesUsing } from './ops/pglite-in-use.js';
import { databaseOf, mailOf, type StartFacts } from './lib/start-summary.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  // Readable lines in a terminal, JSON for whatever collects the log; the app logs to the same place.
  const destination = logDestination(config.logFormat);
  const log = destination ? pino(logOptions(config.logLevel), destination) : pino(logOptions(config.logLevel));
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && existsSync(pgliteDir)) {
    // The embedded database has no lock of its own: a second process writing its folder would damage it.
    const holders = (await processesUsing(pgliteDir))?.filter((pid) => pid !== process.pid);
    if (holders?.length) {
      console.error(`The embedded database in ${pgliteDir} is open in process ${holders.join(', ')} (another server, a backup or a restore): stop it first.`);
      process.exit(1);
    }
  }
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl, 10, log) : await openPglite(pgliteDir);
  await database.migrate();
  log.info({ database: database.kind }, 'migrations applied');

  const storage = localStorage(path.join(config.dataDir, 'uploads'));
  // The first admin and, on the first run, the demo: committed together or not at all.
  const admin = await prepareData(database.db, storage, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    log: { info: (msg) => log.info(msg) },
  });
  // Courses written before the catalogue search (or by the demo seed) get their search text.
  await backfillSearchText(database.db);
  if (admin.created) {
    log.info({ email: config.adminEmail }, 'first admin created');
    // Printed once, on purpose: it is the only way to learn a generated password.
    if (admin.generatedPassword) console.warn(`\n  First admin: ${config.adminEmail}\n  Password:    ${admin.generatedPassword}\n  (shown once; set ADMIN_PASSWORD to choose it)\n`);
  }

  // Demo accounts open with a password anyone can read in the README: while one does, an unset HOST keeps
  // the server on this machine.
  const demo = await demoAccounts(database.db);
  const { host, exposesDemo } = listenHost(config, demo.length > 0);

  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const deps: Deps = {
    config,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log }),
    storage,
    privateFiles: localStorage(path.join(config.dataDir, 'private'), '/private'),
    limiter: config.redisUrl ? redisLimiter(config.redisUrl) : memoryLimiter(),
    tokens: accessTokens(jwtSecret),
    orderLinks: orderLinks(jwtSecret, config.orderLinkDays),
    rateLimits: DEFAULT_RATE_LIMITS,
    clock: () => new Date(),
    payments: cardProvider(config.stripe, jwtSecret),
  };
  const app = await buildApp(deps, destination ? { logStream: destination } : {});
  // Mails queued with the changes they follow leave from here, retried with back-off.
  const outboxWorker = startOutboxWorker({ db: database.db, mailer: deps.mailer, log, clock: deps.clock, work: orderOutboxWork(deps) });
  // Unpaid card orders give their stock back when their hold runs out.
  const holdReleaser = startHoldReleaser({ db: database.db, clock: deps.clock, config, log });
  // Learners are mailed 90 and 30 days before a certificate expires; checked hourly.
  const certificateReminders = startCertificateReminders({ db: database.db, clock: deps.clock, config, log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await outboxWorker.stop();
      await holdReleaser.stop();
      await certificateReminders.stop();
      await deps.limiter.close();
      deps.mailer.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Fastify's own "Server listening at" line is left out: the start line below says where, with the rest.
  app.log.level = 'warn';
  await app.listen({ port: config.port, host });
  app.log.level = config.logLevel;
  const start: StartFacts = {
    url: config.publicUrl,
    listen: `${host.includes(':') ? `[${host}]` : host}:${config.port}`,
    thisMachineOnly: !config.host && demo.length > 0,
    exposesDemo,
    database: databaseOf(config),
    mail: mailOf(config),
    demoAccounts: demo,
    demoPassword: demo.length ? DEMO_PASSWORD : null,
    firstAdmin: admin.created ? { email: config.adminEmail, passwordFrom: admin.generatedPassword ? 'printed once' : 'ADMIN_PASSWORD' } : null,
    cardPayments: config.stripe ? 'stripe' : 'test',
    // Node sized its thread pool from the environment before this module ran (README: UV_THREADPOOL_SIZE).
    threadPool: threadPoolSize(),
    passwordHashesAtOnce: passwordHashing().atOnce,
  };
  log.info({ start }, `Meltway is running at ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)`);
  if (exposesDemo) {
    log.warn(
      { host, demoAccounts: demo },
      `HOST=${config.host} lets other machines sign in to the demo accounts, whose password is public: delete them or change their passwords before anyone else can reach this server`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
