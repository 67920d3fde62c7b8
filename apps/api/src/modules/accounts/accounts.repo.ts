import { and, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role, UserStatus } from '@meltway/shared/accounts/roles';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { passwordTokens, refreshTokens, users } from '../../db/schema/accounts.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

let writes = 0;
/** Changes whenever this process writes a user: caches of user figures key on it. */
export const usersWriteSeq = () => writes;
const wrote = <T>(result: T) => {
  writes += 1;
  return result;
};

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

export const insertUser = async (db: Db, values: NewUser) => wrote((await db.insert(users).values(values).returning())[0]!);

export const updateUser = async (db: Db, id: string, values: Partial<NewUser>) =>
  wrote((await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id)).returning())[0]);

/** Moves a user out of `pending` only if it still is: two deciders cannot both win. */
export const decidePending = async (db: Db, id: string, status: UserStatus) =>
  wrote(
    (
      await db
      .update(users)
      .set({ status, updatedAt: sql`now()`, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(and(eq(users.id, id), eq(users.status, 'pending')))
        .returning()
    )[0],
  );

export const deleteUserRow = async (db: Db, id: string) => wrote((await db.delete(users).where(eq(users.id, id)).returning({ id: users.id }))[0]);

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

// Refresh tokens

export const insertRefreshToken = (db: Db, values: typeof refreshTokens.$inferInsert) => db.insert(refreshTokens).values(values);

/** Marks a live token used, atomically: of many concurrent uses, exactly one gets the row. */
export const consumeRefreshToken = async (db: Db, tokenHash: string, now: Date) =>
  (
    await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning()
  )[0];

export const findRefreshToken = async (db: Db, tokenHash: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0];

export const revokeRefreshFamily = (db: Db, familyId: string, now: Date) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

export const revokeUserRefreshTokens = (db: Db, userId: string, now: Date) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));

export const bumpTokenVersion = async (db: Db, userId: string) =>
  wrote(await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId)));

// Password (reset and invitation) tokens

export const insertPasswordToken = (db: Db, values: typeof passwordTokens.$inferInsert) => db.insert(passwordTokens).values(values);

export const countPasswordTokensSince = async (db: Db, userId: string, since: Date) =>
  (
    await db
      .select({ n: count() })
      .from(passwordTokens)
      .where(and(eq(passwordTokens.userId, userId), gt(passwordTokens.createdAt, since)))
  )[0]?.n ?? 0;

/** Uses a live token, atomically: of many concurrent uses, exactly one gets the row. */
export const consumePasswordToken = async (db: Db, tokenHash: string, now: Date) =>
  (
    await db
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
      .returning()
  )[0];

export const findPasswordToken = async (db: Db, tokenHash: string) =>
  (await db.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, tokenHash)).limit(1))[0];

/** Locks every admin row: deleting admins is serialised, so the last one always stays. */
export const lockAdmins = (db: Db) => db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
