import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { DEFAULT_RATE_LIMITS } from '../lib/ctx.js';
import { accessTokens } from '../lib/jwt.js';
import { orderLinks } from '../lib/order-links.js';
import { memoryLimiter } from '../lib/limiter.js';
import { createMailer } from '../lib/mailer.js';
import { cardProvider } from '../lib/payments.js';
import { resolveJwtSecret } from '../lib/secrets.js';
import { localStorage } from '../lib/storage.js';
import { DEMO_PASSWORD } from '../seed/seed.js';
import { prepareData } from '../seed/first-run.js';
import { PNG_BYTES, dealerBody } from '../test/accounts-fixtures.js';
import { address } from '../test/checkout-fixtures.js';
import { onPostgres } from '../test/harness.js';
import { backup } from './backup.js';
import { listFiles } from './data-files.js';
import { ENTRY } from './manifest.js';
import { restore } from './restore.js';
import { createTarGz, extractTarGz } from './tar.js';

/**
 * A data folder filled by the real server code (first start with the demo, then an order and a dealer's
 * sign-up with its void cheque through the API), backed up, and restored into an empty data folder and an
 * empty database; the restored server must hold every order, user, course and file, byte for byte.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PG_URL = onPostgres ? inject('pgAdminUrl') : (process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

/** PostgreSQL runs under TEST_DB=pg, and beside the embedded database whenever it answers. */
async function postgresAnswers() {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
const withPostgres = onPostgres || (await postgresAnswers());

const urlOf = (db: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${db}`;
  return u.toString();
};

const tempDir = (label: string) => mkdtempSync(path.join(tmpdir(), `meltway-ops-${label}-`));

/** The server's start (server.ts) on a data folder: migrations, first admin and demo, secret, the app. */
async function startServer(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'First-Admin-Pass-1', PUBLIC_URL: 'http://shop.test' });
  const database: Database = config.databaseUrl ? await openPostgres(config.databaseUrl, 4) : await openPglite(path.join(config.dataDir, 'pglite'));
  await database.migrate();
  const storage = localStorage(path.join(config.dataDir, 'uploads'));
  await prepareData(database.db, storage, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, seedDemo: true, log: { info: () => {} } });
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const log = pino({ level: 'silent' });
  const mailer = createMailer({ outboxDir: path.join(config.dataDir, 'outbox'), from: config.mailFrom, log });
  const limiter = memoryLimiter();
  const app = await buildApp(
    {
      config,
      database,
      mailer,
      storage,
      privateFiles: localStorage(path.join(config.dataDir, 'private'), '/private'),
      limiter,
      tokens: accessTokens(jwtSecret),
      orderLinks: orderLinks(jwtSecret, config.orderLinkDays),
      rateLimits: DEFAULT_RATE_LIMITS,
      clock: () => new Date(),
      payments: cardProvider(null, jwtSecret),
    },
    { logger: false, webDist: path.join(config.dataDir, 'no-web') },
  );
  await app.ready();
  const signIn = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().access_token}` };
  };
  const ids = async (table: 'orders' | 'users' | 'courses') =>
    ((await database.db.execute(sql.raw(`select id from ${table} order by id`))) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  return {
    app,
    signIn,
    /** Every order, user and course id, sorted. */
    rows: async () => ({ orders: await ids('orders'), users: await ids('users'), courses: await ids('courses') }),
    async stop() {
      await app.close();
      await limiter.close();
      mailer.close();
      await database.close();
    },
  };
}

/** Every file under uploads/ and private/ with its SHA-256. */
async function filesOf(dataDir: string) {
  const out: Record<string, string> = {};
  for (const area of ['uploads', 'private']) {
    for (const rel of await listFiles(path.join(dataDir, area))) {
      out[`${area}/${rel}`] = createHash('sha256').update(readFileSync(path.join(dataDir, area, rel))).digest('hex');
    }
  }
  return out;
}

/** Fills a data folder as a running shop would: the demo, an order placed on account, a dealer signed up with a void cheque. */
async function fillShop(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  if (!env.DATABASE_URL) {
    // The embedded database starts as the suite's migrated snapshot, loaded into the folder: faster than initdb and
    // the migrations, which the start then finds applied.
    const loaded = await openPglite(path.join(env.DATA_DIR, 'pglite'), new Blob([readFileSync(inject('pgliteSnapshot'))]));
    await loaded.close();
  }
  const server = await startServer(env);
  try {
    const dealer = await server.signIn('dealer@demo.meltway.ca');
    const product = (await server.app.inject({ method: 'GET', url: '/api/v1/products?pageSize=1' })).json().items[0] as { id: string };
    const cart = await server.app.inject({ method: 'PUT', url: `/api/v1/cart/items/${product.id}`, headers: dealer, payload: { quantity: 2 } });
    expect(cart.statusCode, cart.body).toBe(200);
    const placed = await server.app.inject({ method: 'POST', url: '/api/v1/orders', headers: dealer, payload: { shippingAddress: address('ON', { postalCode: 'M5J 2X5', city: 'Toronto' }), paymentMethod: 'account' } });
    expect(placed.statusCode, placed.body).toBe(201);
    const signUp = await server.app.inject({ method: 'POST', url: '/api/v1/users', payload: dealerBody() });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const rows = await server.rows();
    expect(rows.orders).toContain(placed.json().id);
    return { order: placed.json() as { id: string; number: string }, newDealerId: signUp.json().id as string, rows, files: await filesOf(env.DATA_DIR) };
  } finally {
    await server.stop();
  }
}

type Shop = Awaited<ReturnType<typeof fillShop>>;

/** Opens the restored data folder with the server and finds everything the shop had. */
async function expectSameShop(env: { DATA_DIR: string; DATABASE_URL?: string }, shop: Shop, sourceDir: string) {
  expect(await filesOf(env.DATA_DIR)).toEqual(shop.files);
  expect(readFileSync(path.join(env.DATA_DIR, 'jwt-secret'), 'utf8')).toBe(readFileSync(path.join(sourceDir, 'jwt-secret'), 'utf8'));
  const server = await startServer(env);
  try {
    expect(await server.rows()).toEqual(shop.rows);
    // The demo's passwords still work, the order reads back, and the files are served from the restored folders.
    const dealer = await server.signIn('dealer@demo.meltway.ca');
    const order = await server.app.inject({ method: 'GET', url: `/api/v1/orders/${shop.order.id}`, headers: dealer });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ id: shop.order.id, number: shop.order.number });
    const courses = (await server.app.inject({ method: 'GET', url: '/api/v1/courses' })).json() as { id: string; coverImage: string }[];
    expect(courses.map((c) => c.id).sort()).toEqual(shop.rows.courses);
    const cover = await server.app.inject({ method: 'GET', url: courses[0]!.coverImage });
    expect(cover.statusCode).toBe(200);
    expect(cover.rawPayload.equals(readFileSync(path.join(sourceDir, courses[0]!.coverImage)))).toBe(true);
    const admin = await server.signIn('admin@demo.meltway.ca');
    const cheque = await server.app.inject({ method: 'GET', url: `/api/v1/users/${shop.newDealerId}/void-cheque`, headers: admin });
    expect(cheque.statusCode, cheque.body).toBe(200);
    expect(cheque.rawPayload.equals(PNG_BYTES)).toBe(true);
  } finally {
    await server.stop();
  }
}

/** Runs `npm run backup` or `npm run restore`'s program from the sources, with only the given environment. */
function runCli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(ROOT, `apps/api/src/ops/${name}-cli.ts`), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The archive's entries, rewritten in their order through `change` (null drops one): a damaged or forged backup. */
async function rewriteArchive(file: string, out: string, change: (name: string, bytes: Buffer) => Buffer | null) {
  const dir = tempDir('rewrite');
  try {
    const entries = await extractTarGz(file, (name) => path.join(dir, name));
    const tar = await createTarGz(out);
    for (const e of entries) {
      const bytes = change(e.name, readFileSync(path.join(dir, e.name)));
      if (bytes) await tar.add(e.name, bytes.length, [bytes], e.mode);
    }
    await tar.finish();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(onPostgres)('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  const dir = (label: string) => {
    const d = tempDir(label);
    dirs.push(d);
    return d;
  };
  let source: string;
  let shop: Shop;
  let archive: string;

  beforeAll(async () => {
    source = dir('source');
    shop = await fillShop({ DATA_DIR: source });
    archive = path.join(dir('archives'), 'shop.tar.gz');
  }, 60_000);
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('backs up with npm run backup and restores with npm run restore into an empty data folder, with every order, user, course and file', async () => {
    const made = await runCli('backup', ['--out', archive], { DATA_DIR: source });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const counts = `orders 1, users ${shop.rows.users.length}, courses 2, files ${Object.keys(shop.files).length}`;
    expect(made.stdout).toContain(`Backup written: ${archive}`);
    expect(made.stdout).toContain(counts);

    const target = path.join(dir('target'), 'data');
    const restored = await runCli('restore', [archive], { DATA_DIR: target });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored: ${counts}`);
    await expectSameShop({ DATA_DIR: target }, shop, source);
    // The figures CI prints: what the backup held and what the restore found in the empty data folder.
    process.stdout.write(`\n[backup, embedded database] backed up: ${counts}; restored into an empty data folder: ${/Restored: (.*)/.exec(restored.stdout)?.[1]}\n`);
  });

  it('writes a manifest with the time, the database kind, the counts, the version and the migration level', async () => {
    const out = path.join(dir('manifest'), 'b.tar.gz');
    const now = new Date('2026-02-03T04:05:06.000Z');
    const { manifest } = await backup({ config: { dataDir: source, databaseUrl: undefined, jwtSecret: undefined }, out, now: () => now });
    expect(manifest).toMatchObject({
      format: 'meltway-backup',
      createdAt: now.toISOString(),
      appVersion: JSON.parse(readFileSync(path.join(ROOT, 'apps/api/package.json'), 'utf8')).version,
      database: { kind: 'pglite', file: ENTRY.pglite, dumpTool: null },
      counts: { orders: 1, users: shop.rows.users.length, courses: 2, files: Object.keys(shop.files).length },
      secret: { sha256: createHash('sha256').update(readFileSync(path.join(source, 'jwt-secret'))).digest('hex') },
    });
    const journal = JSON.parse(readFileSync(path.join(ROOT, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8')).entries as { tag: string }[];
    expect(manifest.database.migrations).toMatchObject({ applied: journal.length, latest: journal.at(-1)!.tag });
    expect(Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256]))).toEqual(shop.files);
    await expect(backup({ config: { dataDir: source, databaseUrl: undefined, jwtSecret: undefined }, out })).rejects.toThrow(/already exists/);
  });

  it('refuses to back up while the embedded database is open, as it is in a running server', async () => {
    const open = await openPglite(path.join(source, 'pglite'));
    const out = path.join(dir('open'), 'b.tar.gz');
    try {
      await expect(backup({ config: { dataDir: source, databaseUrl: undefined, jwtSecret: undefined }, out })).rejects.toThrow(/is open \(this process\): stop the server first/);
    } finally {
      await open.close();
    }
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a target that is not empty, and replaces it with --force', async () => {
    const target = dir('busy');
    writeFileSync(path.join(target, 'jwt-secret'), 'another secret');
    const stray = path.join(target, 'uploads', 'products', 'stray.png');
    mkdirSync(path.dirname(stray), { recursive: true });
    writeFileSync(stray, PNG_BYTES);
    const refused = await runCli('restore', [archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Restore failed: the target is not empty: .*jwt-secret exists\. .*add --force/);
    expect(refused.stderr).toContain(`${path.join(target, 'uploads')} holds 1 files`);
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe('another secret');
    expect(existsSync(stray)).toBe(true);

    const forced = await restore({ config: { dataDir: target, databaseUrl: undefined, jwtSecret: undefined }, file: archive, force: true });
    expect(forced.counts).toEqual(forced.manifest.counts);
    expect(existsSync(stray)).toBe(false);
    await expectSameShop({ DATA_DIR: target }, shop, source);
  }, 60_000);

  it('refuses a damaged, cut or forged archive before touching the target', async () => {
    const work = dir('damaged');
    const target = path.join(work, 'data');
    const attempt = (file: string) => restore({ config: { dataDir: target, databaseUrl: undefined, jwtSecret: undefined }, file });

    const changed = path.join(work, 'changed.tar.gz');
    const someFile = `${ENTRY.files}${Object.keys(shop.files)[0]}`;
    await rewriteArchive(archive, changed, (name, bytes) => (name === someFile ? Buffer.concat([bytes, Buffer.from('x')]) : bytes));
    await expect(attempt(changed)).rejects.toThrow(`${someFile} in ${changed} does not match its manifest`);

    const noManifest = path.join(work, 'no-manifest.tar.gz');
    await rewriteArchive(archive, noManifest, (name, bytes) => (name === ENTRY.manifest ? null : bytes));
    await expect(attempt(noManifest)).rejects.toThrow(/has no manifest: it is not a Meltway backup, or it is incomplete/);

    const cut = path.join(work, 'cut.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(attempt(cut)).rejects.toThrow(/ends early: the archive is incomplete|is not a gzip archive or is damaged/);

    const notGzip = path.join(work, 'notes.tar.gz');
    writeFileSync(notGzip, 'just some text, not a backup');
    await expect(attempt(notGzip)).rejects.toThrow(/is not a gzip archive or is damaged/);

    const escape = path.join(work, 'escape.tar.gz');
    const tar = await createTarGz(escape);
    await tar.add('files/uploads/../../evil.sh', 3, [Buffer.from('hi\n')]);
    await tar.finish();
    await expect(attempt(escape)).rejects.toThrow(/which no backup holds: it is not a Meltway backup/);

    // Nothing was written into the target but the emptied staging folder's parent.
    expect(existsSync(path.join(target, 'pglite'))).toBe(false);
    expect(await listFiles(target)).toEqual([]);
  }, 60_000);

  it('exits 1 with a clear message when there is nothing to back up', async () => {
    const empty = dir('nothing');
    const res = await runCli('backup', ['--out', path.join(empty, 'b.tar.gz')], { DATA_DIR: empty });
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`Backup failed: there is no embedded database in ${path.join(empty, 'pglite')}: check DATA_DIR, or set DATABASE_URL to back up PostgreSQL\n`);
  });
});

describe.runIf(withPostgres)('backup and restore of PostgreSQL', () => {
  const dirs: string[] = [];
  const databases: string[] = [];
  const dir = (label: string) => {
    const d = tempDir(label);
    dirs.push(d);
    return d;
  };
  const admin = new pg.Client({ connectionString: PG_URL });
  /** A new database: a copy of the suite's migrated template when there is one, else empty. */
  const newDatabase = async (label: string, empty = false) => {
    const name = `meltway_test_ops_${label}_${process.pid}_${Date.now().toString(36)}`;
    const template = onPostgres && !empty ? inject('pgTemplate') : 'template0';
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    databases.push(name);
    return urlOf(name);
  };
  let source: { DATA_DIR: string; DATABASE_URL: string };
  let shop: Shop;
  let archive: string;

  beforeAll(async () => {
    await admin.connect();
    source = { DATA_DIR: dir('pg-source'), DATABASE_URL: await newDatabase('src') };
    shop = await fillShop(source);
    archive = path.join(dir('pg-archives'), 'shop.tar.gz');
  }, 60_000);
  afterAll(async () => {
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('backs up with pg_dump and restores with pg_restore into an empty database and data folder, with every order, user, course and file', async () => {
    const logged: string[] = [];
    const made = await backup({ config: { dataDir: source.DATA_DIR, databaseUrl: source.DATABASE_URL, jwtSecret: undefined }, out: archive, log: (l) => logged.push(l) });
    expect(made.manifest.database).toMatchObject({ kind: 'postgres', file: ENTRY.postgres, dumpTool: expect.stringMatching(/^pg_dump \(PostgreSQL\) \d+/) });
    expect(made.manifest.counts).toEqual({ orders: 1, users: shop.rows.users.length, courses: 2, files: Object.keys(shop.files).length });
    expect(logged.at(-1)).toBe(`  orders 1, users ${shop.rows.users.length}, courses 2, files ${Object.keys(shop.files).length}`);

    const target = { DATA_DIR: path.join(dir('pg-target'), 'data'), DATABASE_URL: await newDatabase('dst', true) };
    const restored = await restore({ config: { dataDir: target.DATA_DIR, databaseUrl: target.DATABASE_URL, jwtSecret: undefined }, file: archive });
    expect(restored.counts).toEqual(made.manifest.counts);
    await expectSameShop(target, shop, source.DATA_DIR);
    const figures = (c: typeof made.manifest.counts) => `orders ${c.orders}, users ${c.users}, courses ${c.courses}, files ${c.files}`;
    process.stdout.write(`\n[backup, PostgreSQL] backed up: ${figures(made.manifest.counts)}; restored into an empty database and data folder: ${figures(restored.counts)}\n`);
  }, 60_000);

  it('refuses a database that is not empty, and a PostgreSQL backup for the embedded database', async () => {
    const busy = { dataDir: dir('pg-busy'), databaseUrl: source.DATABASE_URL, jwtSecret: undefined };
    await expect(restore({ config: busy, file: archive })).rejects.toThrow(/the target is not empty: the PostgreSQL database meltway_test_ops_src_\S+ on \S+ has \d+ tables/);

    const embedded = { dataDir: dir('pg-kind'), databaseUrl: undefined, jwtSecret: undefined };
    await expect(restore({ config: embedded, file: archive })).rejects.toThrow(/holds a PostgreSQL database: set DATABASE_URL/);
    expect(existsSync(path.join(embedded.dataDir, 'pglite'))).toBe(false);
  });
});
