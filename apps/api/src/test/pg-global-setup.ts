import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPostgres } from '../db/client.js';

/** Server the PostgreSQL suite runs on; each test file gets its own database copied from a migrated template. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const urlFor = (db: string) => {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  const template = `meltway_test_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openPostgres(urlFor(template), 2);
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', template);
  project.provide('pgAdminUrl', PG_ADMIN_URL);

  return async () => {
    // Drop the template and any copy a crashed test file left behind.
    const left = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`meltway_test_%_${process.pid}_%`],
    );
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgAdminUrl: string;
    pgliteSnapshot: string;
    /** PGlite's empty cluster (before any migration), for the tests of a first start. */
    pgliteEmptySnapshot: string;
  }
}
