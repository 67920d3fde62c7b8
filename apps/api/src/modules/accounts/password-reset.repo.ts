import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordTokens } from '../../db/schema/accounts.js';

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

