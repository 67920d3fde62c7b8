import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Role, UserStatus } from '@meltway/shared/accounts/roles';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { users } from '../../db/schema/accounts.js';

export type UserRow = typeof users.$inferSelect;

/** The columns the API shows of a user (toUserOut reads no other): a list reads only these, never the password's hash. */
export const shownUserColumns = (({ passwordHash: _hash, fullnameFr: _fr, tokenVersion: _version, updatedAt: _updated, ...shown }) => shown)(getTableColumns(users));
export type ShownUserRow = Omit<UserRow, 'passwordHash' | 'fullnameFr' | 'tokenVersion' | 'updatedAt'>;
export type NewUser = typeof users.$inferInsert;

export const findUserById = async (db: Db, id: string) => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/** What the bearer check needs of a user, by a statement prepared once: it runs on every signed-in request. */
export const findSessionUser = async (db: Db, id: string) =>
  (
    await preparedOnce(db, 'users.session', (name) =>
      db
        .select({ id: users.id, role: users.role, status: users.status, fullname: users.fullname, email: users.email, tokenVersion: users.tokenVersion })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    ).execute({ id })
  )[0];

export const findUserByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

/** Locks the user's row until the transaction ends (serialises per-user limits). */
export const lockUser = async (db: Db, id: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update').limit(1))[0];

export const insertUser = async (db: Db, values: NewUser) => (await db.insert(users).values(values).returning())[0]!;

export const updateUser = async (db: Db, id: string, values: Partial<NewUser>) =>
  (await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id)).returning())[0];

/** Moves a user out of `pending` only if it still is: two deciders cannot both win. */
export const decidePending = async (db: Db, id: string, status: UserStatus) =>
  (
      await db
      .update(users)
      .set({ status, updatedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.id, id), eq(users.status, 'pending')))
        .returning()
    )[0];

export const deleteUserRow = async (db: Db, id: string) => (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id }))[0];

export const listUsers = (db: Db, where: { role: Role; status?: UserStatus }) => {
  const conds: SQL[] = [eq(users.role, where.role)];
  if (where.status) conds.push(eq(users.status, where.status));
  return db.select().from(users).where(and(...conds)).orderBy(users.createdAt, users.id);
};

export const countUsers = async (db: Db, where: { role?: Role; dealerId?: string }) => {
  const conds: SQL[] = [];
  if (where.role) conds.push(eq(users.role, where.role));
  if (where.dealerId) conds.push(eq(users.dealerId, where.dealerId));
  return (await db.select({ n: count() }).from(users).where(and(...conds)))[0]?.n ?? 0;
};

export const dealerNames = async (db: Db, ids: string[]) => {
  if (!ids.length) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, fullname: users.fullname })
    .from(users)
    .where(sql`${users.id} in ${ids}`);
  return new Map(rows.map((r) => [r.id, r.fullname]));
};

export const bumpTokenVersion = async (db: Db, userId: string) =>
  await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));

/** Locks every admin row: deleting admins is serialised, so the last one always stays. */
export const lockAdmins = (db: Db) => db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
