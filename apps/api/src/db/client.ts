import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

type Schema = typeof schema;
/** A database or a transaction: repos take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /** Resolves when the database answers within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

// The same folder whether this runs from src/ (tests) or dist/ (npm start).
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database timeout')), ms).unref()),
  ]);

/** PGlite in `dir`, or in memory when dir is undefined (optionally from a snapshot made by `dump`). */
export async function openPglite(dir?: string, snapshot?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(snapshot ? { loadDataDir: snapshot } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async ping(timeoutMs = 2000) {
      if (closed) throw new Error('database closed');
      await withTimeout(db.execute(sql`select 1`), timeoutMs);
    },
    async close() {
      closed = true;
      await client.close();
    },
    dump: () => client.dumpDataDir('gzip'),
  };
}

/** The advisory lock key the migrations are applied under (any fixed number; this one spells "melt"). */
const MIGRATION_LOCK = 0x6d656c74;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // Processes starting together on a new database take turns (a session lock): the first applies the
    // migrations, the others then find nothing left to do.
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    async ping(timeoutMs = 2000) {
      await withTimeout(pool.query('select 1'), timeoutMs);
    },
    close: () => pool.end(),
  };
}
