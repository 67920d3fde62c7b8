import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { OpsError } from './ops-error.js';

/** The archive's entries: the manifest comes last, so an archive cut short has none and is refused. */
export const ENTRY = {
  manifest: 'manifest.json',
  secret: 'jwt-secret',
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
  /** Followed by `uploads/...` or `private/...`, as under DATA_DIR. */
  files: 'files/',
} as const;

/** The folders of DATA_DIR a backup holds besides the database: public uploads and private files (void cheques, submissions). */
export const FILE_AREAS = ['uploads', 'private'] as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);

export const Manifest = z.object({
  format: z.literal('meltway-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.enum([ENTRY.pglite, ENTRY.postgres]),
    bytes: count,
    sha256,
    /** `select version()` of the database backed up. */
    serverVersion: z.string(),
    /** `pg_dump --version` for PostgreSQL; null for the embedded database's own dump. */
    dumpTool: z.string().nullable(),
    migrations: z.object({ applied: count, latest: z.string().nullable(), at: z.number().int().nullable() }),
  }),
  counts: z.object({ orders: count, users: count, courses: count, files: count }),
  files: z.array(z.object({ path: z.string(), bytes: count, sha256 })),
  secret: z.object({ sha256 }).nullable(),
});
export type Manifest = z.infer<typeof Manifest>;
export type Counts = Manifest['counts'];
export type MigrationLevel = Manifest['database']['migrations'];

/** The version in apps/api/package.json, the same file from src/ (tests) and dist/ (npm run backup). */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

type Journal = { entries: { tag: string; when: number }[] };

/** The migrations this build knows, oldest first (drizzle's journal). */
export function knownMigrations(): Journal['entries'] {
  const file = new URL('../../src/db/migrations/meta/_journal.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as Journal).entries;
}

/** Runs one SQL text and answers its rows: PGlite's and node-postgres's clients both fit. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * The migration level of a database: drizzle applies every migration newer than the last one it recorded
 * (`created_at` is the journal's `when`), so the level is that last time, named by this build's journal.
 */
export async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const [table] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return { applied: 0, latest: null, at: null };
  const [last] = await query('select count(*)::int as applied, max(created_at)::text as at from drizzle.__drizzle_migrations');
  const at = last?.at == null ? null : Number(last.at);
  const known = knownMigrations();
  return { applied: Number(last?.applied ?? 0), latest: known.find((m) => m.when === at)?.tag ?? null, at };
}

/** Orders, users and courses in a migrated database. */
export async function countRows(query: Query): Promise<Omit<Counts, 'files'>> {
  const [row] = await query(
    'select (select count(*) from orders)::int as orders, (select count(*) from users)::int as users, (select count(*) from courses)::int as courses',
  );
  return { orders: Number(row?.orders), users: Number(row?.users), courses: Number(row?.courses) };
}

/** Throws when a backup's database is at a migration this build does not have: restore it with the version that made it, or newer. */
export function assertKnownLevel(level: MigrationLevel) {
  if (level.at === null) return;
  const known = knownMigrations();
  if (!known.some((m) => m.when === level.at)) {
    const last = known.at(-1);
    throw new OpsError(
      `the backup's database is at a migration this version does not know (made at ${new Date(level.at).toISOString()}; ` +
        `the newest here is ${last?.tag ?? 'none'}): restore it with the version that made it or a newer one`,
    );
  }
}

/** The line that describes a migration level. */
export const describeLevel = (level: MigrationLevel) =>
  level.applied ? `${level.applied} migrations, latest ${level.latest ?? `unknown (${level.at})`}` : 'no migrations';

/** The counts as one line. */
export const describeCounts = (c: Counts) => `orders ${c.orders}, users ${c.users}, courses ${c.courses}, files ${c.files}`;
