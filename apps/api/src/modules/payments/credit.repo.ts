import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { creditAccounts, orders } from '../../db/schema/commerce.js';

/** The user a credit account would belong to: its role, or undefined when there is no such user. */
export const findAccountHolder = async (db: Db, id: string) =>
  (await db.select({ id: users.id, role: users.role, status: users.status }).from(users).where(eq(users.id, id)).limit(1))[0];

/** The user's credit limit (cents), or undefined when none is set. `lock` takes its row lock, inside a transaction. */
export async function findCreditLimit(db: Db, userId: string, lock = false) {
  const query = db.select({ limit: creditAccounts.creditLimitCents }).from(creditAccounts).where(eq(creditAccounts.userId, userId)).limit(1);
  return (await (lock ? query.for('update') : query))[0]?.limit;
}

/** What the user owes on account: its unsettled, uncancelled on-account orders, less their refunds. */
export async function owedBy(db: Db, userId: string) {
  const row = (
    await db
      // bigint: a sum of integer cents may pass what an integer holds; both drivers answer it as text or bigint.
      .select({ owed: sql<string | bigint>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)::bigint` })
      .from(orders)
      .where(and(eq(orders.buyerId, userId), eq(orders.paymentMethod, 'account'), isNull(orders.settledAt), ne(orders.status, 'cancelled')))
  )[0];
  return row ? Number(row.owed) : 0;
}

export const upsertCreditLimit = (db: Db, userId: string, cents: number) =>
  db
    .insert(creditAccounts)
    .values({ userId, creditLimitCents: cents })
    .onConflictDoUpdate({ target: creditAccounts.userId, set: { creditLimitCents: cents, updatedAt: sql`now()` } });

export const deleteCreditLimit = (db: Db, userId: string) => db.delete(creditAccounts).where(eq(creditAccounts.userId, userId));
