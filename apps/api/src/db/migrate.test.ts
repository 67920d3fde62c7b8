import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { onPostgres } from '../test/harness.js';
import { openPostgres } from './client.js';

// Two API processes started together on a new PostgreSQL database: both apply the migrations at start-up.

describe.runIf(onPostgres)('migrations on PostgreSQL', () => {
  const adminUrl = onPostgres ? inject('pgAdminUrl') : '';
  const name = `meltway_test_migrate_${process.pid}_${Date.now().toString(36)}`;
  const url = () => {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('are applied once when several processes start together on an empty database', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();

    const processes = await Promise.all([1, 2, 3].map(() => openPostgres(url(), 2)));
    try {
      const results = await Promise.allSettled(processes.map((database) => database.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'applied'))).toEqual(['applied', 'applied', 'applied']);
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      const applied = await client.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      const distinct = await client.query<{ n: string }>('SELECT count(DISTINCT hash) AS n FROM drizzle.__drizzle_migrations');
      await client.end();
      expect(Number(applied.rows[0]!.n)).toBeGreaterThan(0);
      expect(applied.rows[0]!.n).toBe(distinct.rows[0]!.n);
    } finally {
      await Promise.all(processes.map((database) => database.close()));
    }
  });
});
