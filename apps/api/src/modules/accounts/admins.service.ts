import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/passwords.js';
import { newRandomPassword } from '../../lib/random.js';
import * as repo from './users.repo.js';

/** Creates the first admin when there is none; returns the password when it had to make one up. */
export async function ensureFirstAdmin(db: Db, email: string, password: string | undefined) {
  if ((await repo.countUsers(db, { role: 'admin' })) > 0) return { created: false as const };
  const chosen = password ?? newRandomPassword();
  const existing = await repo.findUserByEmail(db, email);
  const passwordHash = await hashPassword(chosen);
  if (existing) {
    await repo.updateUser(db, existing.id, { role: 'admin', status: 'approved', passwordHash, dealerId: null });
  } else {
    await repo.insertUser(db, { email, fullname: 'Administrator', role: 'admin', status: 'approved', passwordHash });
  }
  return { created: true as const, generatedPassword: password ? undefined : chosen };
}

/** Whether nobody has an account yet: the server's first run. */
export const noUsersYet = async (db: Db) => (await repo.countUsers(db, {})) === 0;
