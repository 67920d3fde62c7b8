import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { safeError } from '../lib/log.js';
import { openPglite } from '../db/client.js';
import type { OpsConfig } from './backup.js';
import { formatBytes, listFiles } from './data-files.js';
import {
  ENTRY,
  FILE_AREAS,
  Manifest,
  assertKnownLevel,
  countRows,
  describeCounts,
  describeLevel,
  knownMigrations,
  type Counts,
  type Query,
} from './manifest.js';
import { OpsError } from './ops-error.js';
import { describeDatabase, majorOf, runTool, toolConnection, toolVersion } from './pg-tools.js';
import { assertPgliteClosed } from './pglite-in-use.js';
import { extractTarGz } from './tar.js';

const SEGMENT = /^(?!\.\.?$)[\w.-]+$/;

/** Where an archive entry goes in the staging folder; anything a backup does not hold is refused. */
function stagingPath(staging: string, name: string): string {
  if (name === ENTRY.manifest || name === ENTRY.secret || name === ENTRY.pglite || name === ENTRY.postgres) return path.join(staging, name);
  const parts = name.split('/');
  if (parts[0] === 'files' && FILE_AREAS.includes(parts[1] as (typeof FILE_AREAS)[number]) && parts.length > 2 && parts.every((p) => SEGMENT.test(p))) {
    return path.join(staging, ...parts);
  }
  throw new OpsError(`the archive holds ${JSON.stringify(name)}, which no backup holds: it is not a Meltway backup`);
}

/** Extracts the archive into `staging` and checks every entry against the manifest: sizes, SHA-256s, nothing missing or extra. */
async function unpack(file: string, staging: string): Promise<Manifest> {
  const entries = await extractTarGz(file, (name) => stagingPath(staging, name)).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'EEXIST' ? new OpsError(`${file} holds one entry twice: it is damaged`) : err;
  });
  const byName = new Map(entries.map((e) => [e.name, e]));
  if (!byName.has(ENTRY.manifest)) throw new OpsError(`${file} has no manifest: it is not a Meltway backup, or it is incomplete`);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(staging, ENTRY.manifest), 'utf8'));
  } catch {
    throw new OpsError(`${file} has a manifest that is not JSON: it is damaged`);
  }
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'manifest'}: ${i.message}`);
    throw new OpsError(`${file} has a manifest this version cannot read (${issues.join('; ')})`);
  }
  const manifest = parsed.data;
  const expected = new Map<string, { bytes: number; sha256: string }>([
    [manifest.database.file, { bytes: manifest.database.bytes, sha256: manifest.database.sha256 }],
    ...manifest.files.map((f) => [`${ENTRY.files}${f.path}`, f] as const),
    ...(manifest.secret ? [[ENTRY.secret, { bytes: -1, sha256: manifest.secret.sha256 }] as const] : []),
  ]);
  for (const [name, want] of expected) {
    const got = byName.get(name);
    if (!got) throw new OpsError(`${file} lacks ${name}, which its manifest lists: it is incomplete`);
    if (got.sha256 !== want.sha256 || (want.bytes >= 0 && got.size !== want.bytes)) throw new OpsError(`${name} in ${file} does not match its manifest: the archive is damaged`);
  }
  const extra = entries.find((e) => e.name !== ENTRY.manifest && !expected.has(e.name));
  if (extra) throw new OpsError(`${file} holds ${extra.name}, which its manifest does not list: it is damaged`);
  if (manifest.counts.files !== manifest.files.length) throw new OpsError(`${file} has a manifest whose file count disagrees with its file list`);
  return manifest;
}

const pgQuery =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query(text)).rows;

/** Connects to DATABASE_URL for the restore, with a message that names the database and never the URL. */
async function connect(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  // A connection the server drops fails the statement under way (and so the command), never with an unhandled event.
  client.on('error', (err) => console.warn('database connection lost', JSON.stringify(safeError(err))));
  try {
    await client.connect();
  } catch (err) {
    throw new OpsError(`cannot connect to the ${describeDatabase(databaseUrl)}: ${(err as Error).message}`);
  }
  return client;
}

/** Schemas of the database that are not PostgreSQL's own. */
const USER_SCHEMAS = `select nspname from pg_namespace where nspname <> 'information_schema' and nspname not like 'pg\\_%'`;

/** What the target already holds, one phrase each; empty when it is empty. */
async function targetContents(config: OpsConfig): Promise<string[]> {
  const found: string[] = [];
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (config.databaseUrl) {
    const client = await connect(config.databaseUrl);
    try {
      const [row] = await pgQuery(client)(
        `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname in (${USER_SCHEMAS}) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f'))::int as relations,
                (select count(*) from (${USER_SCHEMAS}) s where nspname <> 'public')::int as schemas`,
      );
      if (Number(row?.relations) || Number(row?.schemas)) {
        found.push(`the ${describeDatabase(config.databaseUrl)} has ${Number(row?.relations)} tables, views or sequences`);
      }
    } finally {
      await client.end();
    }
  } else if (existsSync(pgliteDir) && (await readdir(pgliteDir)).length) {
    found.push(`${pgliteDir} holds a database`);
  }
  for (const area of FILE_AREAS) {
    const n = (await listFiles(path.join(config.dataDir, area))).length;
    if (n) found.push(`${path.join(config.dataDir, area)} holds ${n} files`);
  }
  if (existsSync(path.join(config.dataDir, ENTRY.secret))) found.push(`${path.join(config.dataDir, ENTRY.secret)} exists`);
  return found;
}

/** `--force`: empties the target. PostgreSQL loses every schema of its own (recreated empty: public) in one transaction. */
async function clearTarget(config: OpsConfig, log: (line: string) => void) {
  if (config.databaseUrl) {
    const where = describeDatabase(config.databaseUrl);
    const client = await connect(config.databaseUrl);
    try {
      const [others] = await pgQuery(client)('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      if (Number(others?.n)) throw new OpsError(`${Number(others?.n)} other connections to the ${where} are open: stop the servers that use it first`);
      await client.query('begin');
      const schemas = (await pgQuery(client)(USER_SCHEMAS)).map((r) => String(r.nspname));
      for (const schema of schemas) await client.query(`drop schema ${client.escapeIdentifier(schema)} cascade`);
      await client.query('create schema public');
      await client.query('grant usage on schema public to public');
      await client.query('commit');
    } finally {
      await client.end();
    }
    log(`  --force: emptied the ${where}`);
  } else {
    await rm(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
    log(`  --force: removed ${path.join(config.dataDir, 'pglite')}`);
  }
  for (const area of FILE_AREAS) await rm(path.join(config.dataDir, area), { recursive: true, force: true });
  await rm(path.join(config.dataDir, ENTRY.secret), { force: true });
  log(`  --force: removed ${FILE_AREAS.join(', ')} and ${ENTRY.secret} in ${config.dataDir}`);
}

/** The embedded database from PGlite's dump, opened once to count what it holds. */
async function restorePglite(dump: string, dir: string, log: (line: string) => void) {
  try {
    const database = await openPglite(dir, new Blob([await readFile(dump)]));
    try {
      const query: Query = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
      const rows = await countRows(query);
      log(`  database restored into ${dir}`);
      return rows;
    } finally {
      await database.close();
    }
  } catch (err) {
    // The folder was empty before: leave it so, and a second try starts clean.
    await rm(dir, { recursive: true, force: true });
    throw err instanceof OpsError ? err : new OpsError(`the embedded database could not be restored: ${(err as Error).message}`);
  }
}

/** PostgreSQL through pg_restore, all or nothing (one transaction); objects are owned by DATABASE_URL's user. */
async function restorePostgres(dump: string, manifest: Manifest, databaseUrl: string, log: (line: string) => void) {
  const where = describeDatabase(databaseUrl);
  const restoreTool = await toolVersion('pg_restore');
  if (manifest.database.dumpTool && majorOf(manifest.database.dumpTool) > majorOf(restoreTool)) {
    throw new OpsError(`the backup was made by ${manifest.database.dumpTool}, which ${restoreTool} cannot read: install the client tools of that version or newer`);
  }
  const client = await connect(databaseUrl);
  try {
    const [server] = await pgQuery(client)(`select current_setting('server_version_num')::int as num`);
    const target = Math.floor(Number(server?.num) / 10_000);
    const source = majorOf(manifest.database.serverVersion);
    if (target < source) log(`  note: the target server (PostgreSQL ${target}) is older than the one backed up (PostgreSQL ${source}); the restore may fail`);
    const { dbname, env } = toolConnection(databaseUrl);
    await runTool('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`, dump], env);
    log(`  database restored into the ${where} (${restoreTool})`);
    return await countRows(pgQuery(client));
  } finally {
    await client.end();
  }
}

export type RestoreResult = { manifest: Manifest; counts: Counts };

/**
 * `npm run restore -- FILE`: checks the archive against its manifest, then restores it into the configured
 * DATA_DIR and database (DATABASE_URL's PostgreSQL, or the embedded database in DATA_DIR/pglite). The target
 * must be empty unless `force`, which replaces what is there; the embedded database must be closed (server
 * stopped). Answers the counts found in the restored database and files, which must equal the manifest's.
 */
export async function restore(opts: { config: OpsConfig; file: string; force?: boolean; log?: (line: string) => void }): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const { config } = opts;
  const file = path.resolve(opts.file);
  if (!existsSync(file)) throw new OpsError(`${file} does not exist`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const pgliteDir = path.join(config.dataDir, 'pglite');

  const occupied = await targetContents(config);
  if (occupied.length && !opts.force) {
    throw new OpsError(`the target is not empty: ${occupied.join('; ')}. Restore into an empty DATA_DIR and database, or add --force to replace what is there`);
  }
  if (kind === 'pglite') await assertPgliteClosed(pgliteDir);

  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const manifest = await unpack(file, staging);
    const made = manifest.database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL';
    log(`Restoring ${file}`);
    log(`  made ${manifest.createdAt} by version ${manifest.appVersion} from ${made} (${describeLevel(manifest.database.migrations)})`);
    if (manifest.database.kind !== kind) {
      throw new OpsError(
        kind === 'postgres'
          ? 'this backup holds an embedded (PGlite) database, but DATABASE_URL is set: unset it to restore into DATA_DIR/pglite'
          : 'this backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
      );
    }
    assertKnownLevel(manifest.database.migrations);
    log(`  archive checked: database ${formatBytes(manifest.database.bytes)}, ${manifest.files.length} files, ${manifest.secret ? 'jwt-secret' : 'no secret'}, every SHA-256 matches`);

    if (occupied.length) await clearTarget(config, log);
    const dump = path.join(staging, manifest.database.file);
    const rows = kind === 'pglite' ? await restorePglite(dump, pgliteDir, log) : await restorePostgres(dump, manifest, config.databaseUrl!, log);

    for (const area of FILE_AREAS) {
      const staged = path.join(staging, 'files', area);
      await rm(path.join(config.dataDir, area), { recursive: true, force: true });
      if (existsSync(staged)) await rename(staged, path.join(config.dataDir, area));
    }
    if (manifest.secret) await rename(path.join(staging, ENTRY.secret), path.join(config.dataDir, ENTRY.secret));
    const perArea = await Promise.all(FILE_AREAS.map(async (area) => (await listFiles(path.join(config.dataDir, area))).length));
    log(`  files restored: ${FILE_AREAS.map((area, i) => `${perArea[i]} in ${area}`).join(', ')}${manifest.secret ? '; jwt-secret' : ''}`);
    if (manifest.secret && config.jwtSecret) log('  note: JWT_SECRET is set in the environment, so the server signs with it rather than the restored jwt-secret');

    const counts: Counts = { ...rows, files: perArea.reduce((a, b) => a + b, 0) };
    const differs = (Object.keys(counts) as (keyof Counts)[]).filter((k) => counts[k] !== manifest.counts[k]);
    if (differs.length) {
      throw new OpsError(`the restored data does not match the manifest (restored ${describeCounts(counts)}; manifest ${describeCounts(manifest.counts)})`);
    }
    const newer = knownMigrations().filter((m) => m.when > (manifest.database.migrations.at ?? 0)).length;
    if (newer) log(`  note: this version has ${newer} newer migrations; the server applies them on its next start`);
    log(`Restored: ${describeCounts(counts)}`);
    return { manifest, counts };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
