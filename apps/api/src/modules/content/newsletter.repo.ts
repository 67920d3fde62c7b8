import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { newsletterSubscriptions as subs, newsletterTokens as tokens } from '../../db/schema/content.js';

const findByEmail = async (db: Db, email: string) => (await db.select().from(subs).where(eq(subs.email, email)).limit(1))[0];

/** The subscription of an email, created pending if there is none; concurrent calls still make one row. */
export async function ensureSubscription(db: Db, email: string) {
  const created = (await db.insert(subs).values({ email }).onConflictDoNothing({ target: subs.email }).returning())[0];
  return created ?? (await findByEmail(db, email))!;
}

/** The subscription, its row locked until the transaction ends: one writer at a time per address. */
export const lockSubscription = async (db: Db, id: string) => (await db.select().from(subs).where(eq(subs.id, id)).for('update').limit(1))[0];

/** Puts an unsubscribed address back to pending (it must confirm again). */
export const reopen = async (db: Db, id: string) =>
  (await db.update(subs).set({ status: 'pending', unsubscribedAt: null, updatedAt: sql`now()` }).where(and(eq(subs.id, id), eq(subs.status, 'unsubscribed'))).returning())[0];

export const confirm = async (db: Db, id: string, now: Date) =>
  (await db.update(subs).set({ status: 'confirmed', confirmedAt: now, updatedAt: sql`now()` }).where(and(eq(subs.id, id), eq(subs.status, 'pending'))).returning())[0];

export const unsubscribe = async (db: Db, id: string, now: Date) =>
  db.update(subs).set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: sql`now()` }).where(and(eq(subs.id, id), ne(subs.status, 'unsubscribed')));

export const findSubscription = async (db: Db, id: string) => (await db.select().from(subs).where(eq(subs.id, id)).limit(1))[0];

export const confirmedSubscribers = (db: Db) =>
  db.select({ email: subs.email, confirmedAt: subs.confirmedAt, createdAt: subs.createdAt }).from(subs).where(eq(subs.status, 'confirmed')).orderBy(asc(subs.confirmedAt), asc(subs.email));

// Tokens

export const insertToken = (db: Db, values: typeof tokens.$inferInsert) => db.insert(tokens).values(values);

export const countTokensSince = async (db: Db, subscriptionId: string, purpose: 'confirm' | 'unsubscribe', since: Date) =>
  (await db.select({ n: count() }).from(tokens).where(and(eq(tokens.subscriptionId, subscriptionId), eq(tokens.purpose, purpose), gt(tokens.createdAt, since))))[0]?.n ?? 0;

/** Uses a live confirmation token, atomically: of many concurrent uses, exactly one gets the row. */
export const consumeConfirmToken = async (db: Db, tokenHash: string, now: Date) =>
  (
    await db
      .update(tokens)
      .set({ usedAt: now })
      .where(and(eq(tokens.tokenHash, tokenHash), eq(tokens.purpose, 'confirm'), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
      .returning()
  )[0];

export const findToken = async (db: Db, tokenHash: string) => (await db.select().from(tokens).where(eq(tokens.tokenHash, tokenHash)).limit(1))[0];
