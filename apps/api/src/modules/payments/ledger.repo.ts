import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commissionEntries, transactions } from '../../db/schema/commerce.js';

export type NewTransaction = typeof transactions.$inferInsert;
export type NewCommissionEntry = typeof commissionEntries.$inferInsert;

/** Records money that moved; the same provider reference of the same kind is recorded once (unique). */
export const insertTransaction = async (db: Db, t: NewTransaction) =>
  (await db.insert(transactions).values(t).onConflictDoNothing().returning())[0];

/** A transaction already recorded under a provider's reference (a refund retried with its key). */
export const findTransaction = async (db: Db, provider: 'account' | 'stripe' | 'test', kind: 'payment' | 'refund', ref: string) =>
  (await db.select().from(transactions).where(and(eq(transactions.provider, provider), eq(transactions.kind, kind), eq(transactions.providerRef, ref))).limit(1))[0];

/** Adds a ledger entry; an order accrues once and a refund reverses once (unique indexes). */
export const insertCommission = async (db: Db, e: NewCommissionEntry) =>
  (await db.insert(commissionEntries).values(e).onConflictDoNothing().returning())[0];

/** The commission an order has accrued, net of what its refunds reversed so far. */
export const commissionNet = async (db: Db, orderId: string) =>
  (
    await db
      .select({
        accrued: sql<number>`coalesce(sum(${commissionEntries.amountCents}) filter (where ${commissionEntries.kind} = 'accrual'), 0)::int`,
        net: sql<number>`coalesce(sum(${commissionEntries.amountCents}), 0)::int`,
        base: sql<number>`coalesce(sum(${commissionEntries.baseCents}) filter (where ${commissionEntries.kind} = 'accrual'), 0)::int`,
      })
      .from(commissionEntries)
      .where(eq(commissionEntries.orderId, orderId))
  )[0] ?? { accrued: 0, net: 0, base: 0 };
