import { createReadStream, existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { safeError } from '../lib/log.js';
import type { Config } from '../config.js';
import { openPglite } from '../db/client.js';
import { formatBytes, listFiles } from './data-files.js';
import {
  ENTRY,
  FILE_AREAS,
  appVersion,
  countRows,
  describeCounts,
  describeLevel,
  migrationLevel,
  type Counts,
  type Manifest,
  type MigrationLevel,
  type Query,
} from './manifest.js';
import { OpsError } from './ops-error.js';
import { describeDatabase, majorOf, runTool, toolConnection, toolVersion } from './pg-tools.js';
import { assertPgliteClosed } from './pglite-in-use.js';
import { createTarGz, type TarFile, type TarWriter } from './tar.js';

export type OpsConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'jwtSecret'>;

/** A database dumped to a local file, with what the manifest says about it. */
type DatabaseDump = {
  kind: 'pglite' | 'postgres';
  file: string;
  entry: typeof ENTRY.pglite | typeof ENTRY.postgres;
  serverVersion: string;
  dumpTool: string | null;
  migrations: MigrationLevel;
  rows: Omit<Counts, 'files'>;
};

/**
 * The embedded database through PGlite's own dump (a tarball of its data folder). PGlite is one process's
 * database with no lock: the server must be stopped, which this checks before opening it.
 */
async function dumpPglite(dir: string, work: string, log: (line: string) => void): Promise<DatabaseDump> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new OpsError(`there is no embedded database in ${dir}: check DATA_DIR, or set DATABASE_URL to back up PostgreSQL`);
  }
  await assertPgliteClosed(dir);
  log(`Backing up the embedded database in ${dir}`);
  const database = await openPglite(dir);
  try {
    const query: Query = async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
    const migrations = await migrationLevel(query);
    if (!migrations.applied) throw new OpsError(`the embedded database in ${dir} has no tables yet: start the server or run npm run seed once`);
    const rows = await countRows(query);
    const [v] = await query('select version() as version');
    const file = path.join(work, 'pglite.tar.gz');
    await writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
    return { kind: 'pglite', file, entry: ENTRY.pglite, serverVersion: String(v?.version), dumpTool: null, migrations, rows };
  } finally {
    await database.close();
  }
}

/**
 * PostgreSQL through pg_dump's custom format. The counts and migration level are read in a transaction whose
 * snapshot pg_dump then dumps (`--snapshot`), so they describe exactly the rows in the dump, whatever the
 * running servers write meanwhile.
 */
async function dumpPostgres(databaseUrl: string, work: string, log: (line: string) => void): Promise<DatabaseDump> {
  const where = describeDatabase(databaseUrl);
  const dumpTool = await toolVersion('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  // A connection the server drops fails the statement under way (and so the command), never with an unhandled event.
  client.on('error', (err) => console.warn('database connection lost', JSON.stringify(safeError(err))));
  try {
    await client.connect();
  } catch (err) {
    throw new OpsError(`cannot connect to the ${where}: ${(err as Error).message}`);
  }
  try {
    await client.query('begin isolation level repeatable read read only');
    const query: Query = async (text) => (await client.query(text)).rows;
    const [server] = await query(`select version() as version, current_setting('server_version_num')::int as num`);
    const serverMajor = Math.floor(Number(server?.num) / 10_000);
    if (majorOf(dumpTool) < serverMajor) {
      throw new OpsError(`${dumpTool} is older than the server (PostgreSQL ${serverMajor}): install the client tools of version ${serverMajor} or newer`);
    }
    log(`Backing up the ${where} (${dumpTool})`);
    const [exported] = await query('select pg_export_snapshot() as snapshot');
    const migrations = await migrationLevel(query);
    if (!migrations.applied) throw new OpsError(`the ${where} has no tables yet: start the server or run npm run seed once`);
    const rows = await countRows(query);
    const file = path.join(work, 'postgres.dump');
    const { dbname, env } = toolConnection(databaseUrl);
    await runTool('pg_dump', ['--format=custom', `--snapshot=${String(exported?.snapshot)}`, `--file=${file}`, `--dbname=${dbname}`], env);
    await client.query('commit');
    return { kind: 'postgres', file, entry: ENTRY.postgres, serverVersion: String(server?.version), dumpTool, migrations, rows };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Adds a file of the disk to the archive; null when it vanished since it was listed (a file deleted meanwhile). */
async function addFile(tar: TarWriter, name: string, file: string): Promise<TarFile | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const { size, mode } = await handle.stat();
    const source = size ? handle.createReadStream({ start: 0, end: size - 1, autoClose: false }) : [];
    return await tar.add(name, size, source, mode);
  } finally {
    await handle.close();
  }
}

export type BackupResult = { file: string; bytes: number; manifest: Manifest };

/**
 * `npm run backup`: one .tar.gz holding the database (pg_dump's custom format for PostgreSQL, PGlite's own
 * dump for the embedded database), DATA_DIR/uploads and DATA_DIR/private, the JWT secret file and, last, a
 * manifest (time, database kind, counts, app version, migration level, every file's SHA-256). The archive is
 * written beside `out` and only takes its name once complete; it is readable by its owner only.
 */
export async function backup(opts: { config: OpsConfig; out: string; log?: (line: string) => void; now?: () => Date }): Promise<BackupResult> {
  const log = opts.log ?? (() => {});
  const { dataDir, databaseUrl } = opts.config;
  const out = path.resolve(opts.out);
  if (existsSync(out)) throw new OpsError(`${out} already exists: choose another file with --out`);
  const inside = (dir: string) => out.startsWith(`${path.resolve(dir)}${path.sep}`);
  if ([...FILE_AREAS, 'pglite'].some((area) => inside(path.join(dataDir, area)))) {
    throw new OpsError(`${out} is inside the data it backs up: choose a file outside ${dataDir}/{${FILE_AREAS.join(',')},pglite}`);
  }
  await mkdir(path.dirname(out), { recursive: true });
  const partial = `${out}.${process.pid}.partial`;
  const work = await mkdtemp(path.join(tmpdir(), 'meltway-backup-'));
  let tar: TarWriter | undefined;
  try {
    const createdAt = (opts.now?.() ?? new Date()).toISOString();
    const db = databaseUrl ? await dumpPostgres(databaseUrl, work, log) : await dumpPglite(path.join(dataDir, 'pglite'), work, log);
    tar = await createTarGz(partial);
    const dump = await tar.add(db.entry, (await stat(db.file)).size, createReadStream(db.file), 0o600);
    log(`  database: ${formatBytes(dump.size)}, ${describeLevel(db.migrations)}`);

    // Taken after the database: a stored file is written once under a new name before the row that names it, so
    // every row in the dump finds its file (files added since are extra, and harmless).
    const files: { path: string; bytes: number; sha256: string }[] = [];
    const perArea: string[] = [];
    for (const area of FILE_AREAS) {
      let n = 0;
      for (const rel of await listFiles(path.join(dataDir, area))) {
        const added = await addFile(tar, `${ENTRY.files}${area}/${rel}`, path.join(dataDir, area, rel));
        if (!added) continue;
        files.push({ path: `${area}/${rel}`, bytes: added.size, sha256: added.sha256 });
        n++;
      }
      perArea.push(`${n} in ${area}`);
    }
    log(`  files: ${perArea.join(', ')} (${formatBytes(files.reduce((s, f) => s + f.bytes, 0))})`);

    const secret = await addFile(tar, ENTRY.secret, path.join(dataDir, ENTRY.secret));
    if (secret) log('  secret: jwt-secret');
    else if (opts.config.jwtSecret) log('  secret: none in DATA_DIR (JWT_SECRET is set in the environment: keep it with this backup)');
    else log('  secret: none in DATA_DIR (the server makes one on its next start)');

    const manifest: Manifest = {
      format: 'meltway-backup',
      formatVersion: 1,
      createdAt,
      appVersion: appVersion(),
      database: { kind: db.kind, file: db.entry, bytes: dump.size, sha256: dump.sha256, serverVersion: db.serverVersion, dumpTool: db.dumpTool, migrations: db.migrations },
      counts: { ...db.rows, files: files.length },
      files,
      secret: secret ? { sha256: secret.sha256 } : null,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(ENTRY.manifest, json.length, [json]);
    await tar.finish();
    tar = undefined;
    // link() refuses an existing name, so a backup never replaces another one.
    await link(partial, out).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'EEXIST' ? new OpsError(`${out} appeared while the backup ran: choose another file with --out`) : err;
    });
    const bytes = (await stat(out)).size;
    log(`Backup written: ${out} (${formatBytes(bytes)})`);
    log(`  ${describeCounts(manifest.counts)}`);
    return { file: out, bytes, manifest };
  } finally {
    await tar?.abort();
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}
