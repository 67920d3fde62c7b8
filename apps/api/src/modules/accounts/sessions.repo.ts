import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/accounts.js';

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

/** Whether a sign-in still has a token that is not revoked: a logout or a replay revokes them all. */
export const isFamilyLive = async (db: Db, familyId: string) =>
  (
    await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
      .limit(1)
  ).length > 0;

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
