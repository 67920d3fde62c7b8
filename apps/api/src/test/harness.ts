import { randomBytes, scrypt } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino, { type DestinationStream } from 'pino';
import { inject } from 'vitest';
import type { Role, UserStatus } from '@meltway/shared/accounts/roles';
import { codeOf, formatMessage, type MessageParams } from '@meltway/shared/common/message-codes';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { DEFAULT_RATE_LIMITS, type Deps, type RateLimits } from '../lib/ctx.js';
import { accessTokens } from '../lib/jwt.js';
import { memoryLimiter, type RateLimiter } from '../lib/limiter.js';
import { logOptions } from '../lib/log.js';
import { orderLinks } from '../lib/order-links.js';
import { createMailer, type Mailer } from '../lib/mailer.js';
import { runOutbox } from '../lib/outbox.js';
import { cardProvider, type CardProvider } from '../lib/payments.js';
import { localStorage } from '../lib/storage.js';
import * as accountsRepo from '../modules/accounts/users.repo.js';
import { orderOutboxWork } from '../modules/orders/order-links.service.js';

export const onPostgres = process.env.TEST_DB === 'pg';
export const TEST_PASSWORD = 'Secret123';
/** The key test apps sign access tokens with, for tests that craft their own tokens. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

let copies = 0;

/** A test database, with what a second app needs to open its own connection to it. */
export type TestDatabase = Database & { reopen(): Promise<Database> };

/** A fresh database for one test file: a PGlite copy in memory, or a PostgreSQL database from the template. */
async function openTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres) {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const database = await openPglite(undefined, snapshot);
    // PGlite lives in this process: a second app shares it, and only the first one closes it.
    return { ...database, reopen: async () => ({ ...database, close: async () => {} }) };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `meltway_test_db_${process.pid}_${Date.now().toString(36)}${(copies++).toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 25);
  return {
    ...database,
    reopen: () => openPostgres(url.toString(), 10),
    async close() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export type TestAppOptions = {
  limits?: Partial<RateLimits>;
  clock?: () => Date;
  env?: Record<string, string>;
  limiter?: RateLimiter;
  mailer?: (config: Config) => Mailer;
  onRoute?: AppOptions['onRoute'];
  /** Receives every line the app and its mailer log, at level info, as the server would write it. */
  logTo?: DestinationStream;
  /** The card provider; the test provider (keyed by TEST_JWT_SECRET) unless given. */
  payments?: CardProvider;
  /** Builds the app on this app's database (its own pool on PostgreSQL), as a second API process would. */
  sameDatabaseAs?: TestApp;
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The real app on a real, throwaway database; mails go to a temporary outbox (or to SMTP_URL when the env sets one). */
export async function createTestApp(opts: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meltway-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test', LOG_LEVEL: opts.logTo ? 'info' : 'silent', ...opts.env });
  const first = opts.sameDatabaseAs?.database;
  const database: TestDatabase = first ? { ...(await first.reopen()), reopen: first.reopen } : await openTestDatabase();
  const log = opts.logTo ? pino(logOptions('info'), opts.logTo) : pino({ level: 'silent' });
  const outboxDir = path.join(dataDir, 'outbox');
  const clock = opts.clock ?? (() => new Date());
  // Some mails leave after the response; tests look at them once every mail handed over so far is out.
  const inner = opts.mailer?.(config) ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir, from: config.mailFrom, log });
  const inFlight = new Set<Promise<void>>();
  const mailer: Mailer = {
    send(mail) {
      const sending = inner.send(mail);
      inFlight.add(sending);
      sending.then(
        () => inFlight.delete(sending),
        () => inFlight.delete(sending),
      );
      return sending;
    },
    close: () => inner.close(),
  };
  /** Resolves once every mail handed to the mailer so far was sent or failed. */
  const mailsSettled = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  };
  const deps: Deps = {
    config,
    database,
    mailer,
    storage: localStorage(path.join(dataDir, 'uploads')),
    privateFiles: localStorage(path.join(dataDir, 'private'), '/private'),
    limiter: opts.limiter ?? memoryLimiter(),
    tokens: accessTokens(TEST_JWT_SECRET, clock),
    orderLinks: orderLinks(TEST_JWT_SECRET, config.orderLinkDays),
    // Generous per-IP limits: every test request comes from the same address.
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      loginPerIp: { max: 10_000, windowSeconds: 60 },
      refreshPerIp: { max: 10_000, windowSeconds: 60 },
      forgotPerIp: { max: 10_000, windowSeconds: 60 },
      resetPerIp: { max: 10_000, windowSeconds: 60 },
      registerPerIp: { max: 10_000, windowSeconds: 60 },
      guestOrdersPerIp: { max: 10_000, windowSeconds: 60 },
      orderLookupsPerIp: { max: 10_000, windowSeconds: 60 },
      orderLookupsPerNumber: { max: 10_000, windowSeconds: 60 },
      installerSearchPerIp: { max: 10_000, windowSeconds: 60 },
      ...opts.limits,
    },
    clock,
    payments: opts.payments ?? cardProvider(null, TEST_JWT_SECRET),
  };
  const app = await buildApp(deps, { ...(opts.logTo ? { logStream: opts.logTo } : { logger: false }), webDist: path.join(dataDir, 'no-web'), onRoute: opts.onRoute });
  await app.ready();

  // The database dates a queued mail by its own clock: a test clock set in the past must not hold it back.
  const outboxClock = () => new Date(Math.max(clock().getTime(), Date.now()));
  const deliverOutbox = () => runOutbox({ db: database.db, mailer, log, clock: outboxClock, work: orderOutboxWork(deps) }, 1_000);
  /** Mails written so far, oldest first, as raw text, once the queued mails that are due were sent (as the server's worker does). */
  const outbox = async (): Promise<string[]> => {
    await deliverOutbox();
    await mailsSettled();
    const files = existsSync(outboxDir) ? readdirSync(outboxDir).sort() : [];
    return Promise.all(files.map((f) => readFile(path.join(outboxDir, f), 'utf8')));
  };

  return {
    app,
    deps,
    database,
    db: database.db,
    dataDir,
    outbox,
    mailsSettled,
    /** Sends the queued mails that are due now, as the server's outbox worker does; answers how many jobs it ran. */
    deliverOutbox,
    /** Mails written so far to one address, oldest first. */
    async mailsTo(email: string): Promise<string[]> {
      const to = new RegExp(`^To: ${escapeRegExp(email)}\\r?$`, 'mi');
      return (await outbox()).filter((mail) => to.test(mail));
    },
    async close() {
      await app.close();
      await mailsSettled();
      deps.mailer.close();
      await deps.limiter.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/**
 * The scrypt cost of the fixtures' password hashes: 2^10 instead of the product's 2^15, 32 times less work. A hash
 * names its own cost (`scrypt$N$r$p$salt$key`, lib/passwords.ts), so signing in checks it with the real code at
 * that cost. Passwords set through the API (sign-up, reset, invitations) get the product's cost, and
 * lib/passwords.test.ts tests that cost.
 */
const FIXTURE_SCRYPT = { N: 2 ** 10, r: 8, p: 1 } as const;
const fixtureHash = (password: string) =>
  new Promise<string>((resolve, reject) => {
    const salt = randomBytes(16);
    scrypt(password.normalize('NFKC'), salt, 64, FIXTURE_SCRYPT, (err, key) =>
      err ? reject(err) : resolve(['scrypt', FIXTURE_SCRYPT.N, FIXTURE_SCRYPT.r, FIXTURE_SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$')),
    );
  });
// Users made with the shared test password share one hash.
let testPasswordHash: Promise<string> | undefined;
const hashOf = (password: string) => (password === TEST_PASSWORD ? (testPasswordHash ??= fixtureHash(TEST_PASSWORD)) : fixtureHash(password));

/** Inserts a user straight into the database (the register endpoint has its own tests). */
export async function makeUser(
  t: TestApp,
  values: { role: Role; status?: UserStatus; email?: string; password?: string; dealerId?: string; fullname?: string },
) {
  const email = values.email ?? `${values.role}-${unique()}@example.com`;
  const row = await accountsRepo.insertUser(t.db, {
    email,
    fullname: values.fullname ?? `Test ${values.role} ${unique()}`,
    role: values.role,
    status: values.status ?? 'approved',
    passwordHash: await hashOf(values.password ?? TEST_PASSWORD),
    address: '123 Test Street, Toronto',
    phone: '4165550000',
    phoneCode: '+1',
    ...(values.role === 'contractor'
      ? { dealerId: values.dealerId, companyName: 'Test Co', licenseNumber: 'LIC-1', contractorType: 'General Contractor' as const, labourWarrantyPeriod: 1 }
      : {}),
    ...(values.role === 'dealer'
      ? {
          dealerData: {
            billingEmail: `billing-${unique()}@example.com`,
            commission: 10,
            coverageRadius: 50,
            manager: { name: 'Manager', email: 'm@example.com', phone: '4165550001' },
            bankingInfo: { accountHolderName: 'Holder', transitNumber: '12345', institutionNumber: '003', accountNumber: '1234567' },
          },
        }
      : {}),
  });
  return { ...row, password: values.password ?? TEST_PASSWORD };
}

/** Signs in through the API and returns the tokens and an Authorization header. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { ...body, auth: { authorization: `Bearer ${body.access_token}` } } as {
    id: string;
    access_token: string;
    refresh_token: string;
    auth: { authorization: string };
  };
}

/** Makes a user of `role` and signs it in. */
export async function actorOf(t: TestApp, role: Role, extra: Parameters<typeof makeUser>[1] extends infer V ? Partial<V> : never = {}) {
  const user = await makeUser(t, { role, ...extra });
  const session = await signIn(t, user.email);
  return { user, ...session };
}

/** A signed-in actor, as `actorOf` returns it. */
export type Session = Awaited<ReturnType<typeof actorOf>>;

/** A well-formed id that no row has. */
export const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * Requests to the test app: `req(method, url, s?, payload?)` as `s` (anonymous without), with a JSON or
 * multipart payload when given. Takes the app lazily, for files that make it in `beforeAll`.
 */
export const requester =
  (app: () => TestApp) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, s?: Session, payload?: unknown) =>
    app().app.inject({ method, url, headers: s?.auth, ...(payload !== undefined ? { payload: payload as never } : {}) });

/** The first link in a raw mail, with quoted-printable soft breaks undone. */
export function linkIn(mail: string): string {
  const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = /https?:\/\/[^\s"<>]+/.exec(decoded);
  if (!m) throw new Error('no link in mail');
  return m[0];
}

/** An issue as the API sends it: the field, the message's code found from its shared text, the text with its values filled in. */
export const issue = (path: string, message: string, params?: MessageParams) => ({
  path,
  code: codeOf(message) ?? 'common.invalidValue',
  message: formatMessage(message, params),
  ...(params ? { params } : {}),
});
