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

type Config = ReturnType<typeof loadConfig>;
type Log = pino.Logger;
type Database = Deps['database'];

/** The configuration from the environment, or exit 2 with the reason. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

/** The database opened (PostgreSQL when configured, else the embedded one, refused while another process holds it) and migrated. */
async function openDatabase(config: Config, log: Log): Promise<Database> {
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
  return database;
}

/** The first admin and, on the first run, the demo, committed together or not at all; a generated password printed once. */
async function prepareFirstRun(config: Config, database: Database, storage: Deps['storage'], log: Log) {
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
  return admin;
}

/** What the app is built on: mail, files, rate limits, tokens, the clock and the card provider. */
function depsOf(config: Config, database: Database, storage: Deps['storage'], log: Log): Deps {
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  return {
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
}

/** The background work beside the requests; each stops when the server does. */
function startWorkers(deps: Deps, log: Log) {
  const { database, config } = deps;
  return [
    // Mails queued with the changes they follow leave from here, retried with back-off.
    startOutboxWorker({ db: database.db, mailer: deps.mailer, log, clock: deps.clock, work: orderOutboxWork(deps) }),
    // Unpaid card orders give their stock back when their hold runs out.
    startHoldReleaser({ db: database.db, clock: deps.clock, config, log }),
    // Learners are mailed 90 and 30 days before a certificate expires; checked hourly.
    startCertificateReminders({ db: database.db, clock: deps.clock, config, log }),
  ];
}

/** On SIGTERM or SIGINT: the requests in flight finished, the workers stopped, the connections closed, within 10 s. */
function closeOnSignals(app: Awaited<ReturnType<typeof buildApp>>, workers: { stop: () => Promise<void> }[], deps: Deps) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      for (const worker of workers) await worker.stop();
      await deps.limiter.close();
      deps.mailer.close();
      await deps.database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function main() {
  const config = configOrExit();
  // Readable lines in a terminal, JSON for whatever collects the log; the app logs to the same place.
  const destination = logDestination(config.logFormat);
  const log = destination ? pino(logOptions(config.logLevel), destination) : pino(logOptions(config.logLevel));
  const database = await openDatabase(config, log);
  const storage = localStorage(path.join(config.dataDir, 'uploads'));
  const admin = await prepareFirstRun(config, database, storage, log);

  // Demo accounts open with a password anyone can read in the README: while one does, an unset HOST keeps
  // the server on this machine.
  const demo = await demoAccounts(database.db);
  const { host, exposesDemo } = listenHost(config, demo.length > 0);

  const deps = depsOf(config, database, storage, log);
  const app = await buildApp(deps, destination ? { logStream: destination } : {});
  closeOnSignals(app, startWorkers(deps, log), deps);

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
