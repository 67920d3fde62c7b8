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
import { connectionLost } from '../lib/db-errors.js';
import { safeError } from '../lib/log.js';
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

/** Where a connection's failures are told: the server's log, or the console of a command. */
export type DbLog = { warn: (obj: object, msg: string) => void };
const consoleLog: DbLog = { warn: (obj, msg) => console.warn(msg, JSON.stringify(obj)) };

/** Attempts at applying the migrations while the database is restarting, 1 s apart and doubling. */
const MIGRATE_ATTEMPTS = 5;

/**
 * A pool on PostgreSQL. A connection the server drops (a restart, a failover, pg_terminate_backend, an idle
 * timeout) must cost at most what it was doing, never the process: node-postgres emits 'error' on the client,
 * and an 'error' event without a listener would end the process. The pool listens only while a client is idle,
 * so each client gets its own listener as it connects, covering the time it is checked out between two
 * statements (a transaction waiting on a mail server); the query under way fails on its own and its request
 * answers 503 (plugins/errors.ts). The pool then replaces the client on the next checkout.
 */
export async function openPostgres(url: string, poolSize = 10, log: DbLog = consoleLog): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  const lost = (err: Error) => log.warn({ err: safeError(err) }, 'database connection lost');
  pool.on('connect', (client) => client.on('error', lost));
  // The pool passes an idle client's error on to its own 'error' event, which must have a listener too; the
  // client's own listener has logged it already, so each lost connection is told once.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const migrateOnce = async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        // A session lost meanwhile has let go of its lock with it.
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch((err: Error) => (broken = err));
      }
    } catch (err) {
      broken = err as Error;
      throw err;
    } finally {
      // A client whose connection failed is dropped, not handed out again.
      client.release(broken);
    }
  };
  return {
    db,
    kind: 'postgres',
    // Processes starting together on a new database take turns (a session lock): the first applies the
    // migrations, the others then find nothing left to do. A database restarting meanwhile is waited for.
    async migrate() {
      for (let attempt = 1; ; attempt++) {
        try {
          return await migrateOnce();
        } catch (err) {
          if (attempt >= MIGRATE_ATTEMPTS || !connectionLost(err)) throw err;
          log.warn({ err: safeError(err), attempt }, 'applying migrations: database connection lost, will retry');
          await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
        }
      }
    },
    async ping(timeoutMs = 2000) {
      await withTimeout(pool.query('select 1'), timeoutMs);
    },
    close: () => pool.end(),
  };
}
