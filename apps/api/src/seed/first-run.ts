import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Storage } from '../lib/storage.js';
import { ensureFirstAdmin, noUsersYet } from '../modules/accounts/admins.service.js';
import { seedDemo } from './seed.js';

/** Any constant: processes starting at once on one database take turns on it. */
const START_LOCK = 73_146_201;

/**
 * What a start does to the database before it serves: the first admin when there is none, and on the first
 * run (nobody has an account yet) the demo when asked. One transaction: a start killed at any point of it
 * leaves no account at all, so the next start is a first run again and makes the whole demo.
 */
export async function prepareData(
  db: Db,
  storage: Storage,
  opts: { adminEmail: string; adminPassword: string | undefined; seedDemo: boolean; log: { info: (msg: string) => void } },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`);
    const firstRun = await noUsersYet(tx);
    const admin = await ensureFirstAdmin(tx, opts.adminEmail, opts.adminPassword);
    if (firstRun && opts.seedDemo) await seedDemo(tx, storage, opts.log);
    return admin;
  });
}
