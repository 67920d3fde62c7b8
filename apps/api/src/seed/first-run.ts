import { like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/accounts.js';
import { verifyPassword } from '../lib/passwords.js';
import type { Storage } from '../lib/storage.js';
import { ensureFirstAdmin, noUsersYet } from '../modules/accounts/admins.service.js';
import { DEMO_PASSWORD, seedDemo } from './seed.js';

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

/**
 * The demo accounts that still open with the demo password (README), by email. The demo seed gives them all
 * one hash, so this is one password check, however many there are.
 */
export async function demoAccounts(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(like(users.email, '%@demo.meltway.ca'));
  const known = new Map<string, Promise<boolean>>();
  const open: string[] = [];
  for (const row of rows) {
    if (!row.passwordHash) continue;
    let check = known.get(row.passwordHash);
    if (!check) known.set(row.passwordHash, (check = verifyPassword(DEMO_PASSWORD, row.passwordHash)));
    if (await check) open.push(row.email);
  }
  // By name before the @: contractor before contractor2, as a person reads the list.
  const name = (email: string) => email.slice(0, email.indexOf('@'));
  return open.sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
}
