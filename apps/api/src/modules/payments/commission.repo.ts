import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commissionEntries, orders } from '../../db/schema/commerce.js';

/** One dealer's entries, optionally of [from, to). */
function entryWhere(dealerId: string, from?: Date, to?: Date) {
  const conds: SQL[] = [eq(commissionEntries.dealerId, dealerId)];
  if (from) conds.push(sql`${commissionEntries.createdAt} >= ${from.toISOString()}::timestamptz`);
  if (to) conds.push(sql`${commissionEntries.createdAt} < ${to.toISOString()}::timestamptz`);
  return and(...conds);
}

const entryColumns = { entry: commissionEntries, orderNumber: orders.number, contractorName: orders.buyerName };

/** A page of a dealer's ledger, newest first, with each entry's order number and buyer. */
export const pageEntries = (db: Db, dealerId: string, range: { from?: Date; to?: Date }, offset: number, limit: number) =>
  db
    .select(entryColumns)
    .from(commissionEntries)
    .innerJoin(orders, eq(orders.id, commissionEntries.orderId))
    .where(entryWhere(dealerId, range.from, range.to))
    .orderBy(desc(commissionEntries.createdAt), desc(commissionEntries.id))
    .limit(limit)
    .offset(offset);

/** Every entry of [from, to), oldest first: a statement's lines. */
export const entriesBetween = (db: Db, dealerId: string, from: Date, to: Date) =>
  db
    .select(entryColumns)
    .from(commissionEntries)
    .innerJoin(orders, eq(orders.id, commissionEntries.orderId))
    .where(entryWhere(dealerId, from, to))
    .orderBy(asc(commissionEntries.createdAt), asc(commissionEntries.id));

export type EntryRow = Awaited<ReturnType<typeof entriesBetween>>[number];

/** How many entries, and their sum (cents), of a dealer's whole ledger or of [from, to). */
export async function ledgerTotals(db: Db, dealerId: string, range: { from?: Date; to?: Date }) {
  const [row] = await db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${commissionEntries.amountCents}), 0)` })
    .from(commissionEntries)
    .where(entryWhere(dealerId, range.from, range.to));
  return { count: row?.n ?? 0, sumCents: Number(row?.sum ?? 0) };
}
