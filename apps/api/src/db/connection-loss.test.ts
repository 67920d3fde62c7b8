import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectionLost } from '../lib/db-errors.js';
import { createTestApp, onPostgres, type TestApp } from '../test/harness.js';
import { openPostgres, type Database } from './client.js';

/** The rows of a raw query (the shared Db type leaves its result's shape to the driver). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const until = async (what: () => Promise<boolean>, tries = 200) => {
  for (let i = 0; i < tries; i++) {
    if (await what()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
};

/**
 * PostgreSQL drops a connection (a restart, a failover, an administrator's pg_terminate_backend): what it
 * was doing fails, the process carries on. An 'error' event without a listener would end this test process.
 */
describe.runIf(onPostgres)('a connection PostgreSQL drops', () => {
  const adminUrl = onPostgres ? inject('pgAdminUrl') : '';
  const name = `meltway_test_lost_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let database: Database;
  const warned: string[] = [];

  beforeAll(async () => {
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString(), 3, { warn: (_obj, msg) => warned.push(msg) });
  });
  afterAll(async () => {
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('fails the transaction paused between two statements, is logged, and the pool serves the next query', async () => {
    let pid = 0;
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const transaction = database.db.transaction(async (tx) => {
      pid = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
      // Checked out and idle in its transaction, as the outbox worker's is while a mail server answers.
      await paused;
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(
      () => null,
      (err: unknown) => err,
    );
    await until(async () => pid !== 0);
    const before = warned.length;
    const killed = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [pid]);
    expect(killed.rows[0]!.ok).toBe(true);
    // The client hears of it while no query of its own is under way: the listener given at connect logs it.
    await until(async () => warned.length > before);
    resume();
    const err = await outcome;
    expect(err).toBeInstanceOf(Error);
    expect(connectionLost(err)).toBe(true);
    expect(warned.slice(before)).toContain('database connection lost');
    // The broken client is not handed out again.
    for (let i = 0; i < 5; i++) expect(rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`))[0]!.n).toBe(1);
  });

  it('fails idle pooled connections quietly, and the pool opens new ones', async () => {
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.01)`)));
    const before = warned.length;
    const killed = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]);
    expect(killed.rowCount).toBeGreaterThan(0);
    // Each idle client hears of its end (is logged once, and leaves the pool) in its own time: all of them,
    // then a query, which a new connection answers.
    await until(async () => warned.length >= before + killed.rowCount!);
    expect(warned.length).toBe(before + killed.rowCount!);
    await database.ping();
  });
});

describe.runIf(onPostgres)('a request whose database connection is dropped', () => {
  let t: TestApp;
  const admin = new pg.Client({ connectionString: onPostgres ? inject('pgAdminUrl') : '' });
  beforeAll(async () => {
    t = await createTestApp();
    admin.on('error', () => {});
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  it('answers 503 common.unavailable with Retry-After, and the same request then succeeds', async () => {
    const name = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`))[0]!.name;
    // The request's query waits on a lock held here; its backend is terminated while it waits.
    const holder = new pg.Client({ connectionString: (() => {
      const u = new URL(inject('pgAdminUrl'));
      u.pathname = `/${name}`;
      return u.toString();
    })() });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table products in access exclusive mode');
    const answer = t.app.inject({ method: 'GET', url: '/api/v1/products' });
    const waiting = async () =>
      (await admin.query(`select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> $2`, [name, (holder as unknown as { processID: number }).processID])).rows as { pid: number }[];
    await until(async () => (await waiting()).length > 0);
    for (const { pid } of await waiting()) await admin.query('select pg_terminate_backend($1)', [pid]);
    const res = await answer;
    await holder.query('rollback');
    await holder.end();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: 'Database unavailable', code: 'common.unavailable' });
    // Sent again, it is answered.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/products' })).statusCode).toBe(200);
  });
});
