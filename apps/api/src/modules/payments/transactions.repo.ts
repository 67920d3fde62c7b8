import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TransactionKind } from '@meltway/shared/payments/transaction.schema';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { users } from '../../db/schema/accounts.js';
import { orders, transactions } from '../../db/schema/commerce.js';
import type { Bookmark } from '../../lib/creation-pages.js';
import { creationOrder, creationPart, type CreationPart } from '../../lib/creation-order.js';
import { sortedBy, sortingName, type Sorting } from '../../lib/list-sorting.js';

const dealer = alias(users, 'dealer');
const ph = sql.placeholder;

/** A transaction list's scope and filters; times are ISO strings, `like` is escaped already. */
export type TransactionFilters = {
  dealerId?: string;
  kind?: TransactionKind;
  provider?: 'account' | 'stripe' | 'test';
  fromAt?: string;
  toAt?: string;
  like?: string;
};

const FILTER_KEYS = ['dealerId', 'kind', 'provider', 'fromAt', 'toAt', 'like'] as const satisfies readonly (keyof TransactionFilters)[];
const shapeOf = (f: TransactionFilters) => FILTER_KEYS.map((k) => (f[k] ? 1 : 0)).join('');
/** Whether the filters read the order's columns, so the order must be joined to find the rows. */
const needsOrder = (f: TransactionFilters) => !!(f.dealerId || f.like);

function transactionWhere(f: TransactionFilters, extra: CreationPart | null) {
  const conds: SQL[] = [];
  if (f.dealerId) conds.push(sql`${orders.dealerId} = ${ph('dealerId')}::uuid`);
  if (f.kind) conds.push(sql`${transactions.kind} = ${ph('kind')}::transaction_kind`);
  if (f.provider) conds.push(sql`${transactions.provider} = ${ph('provider')}::payment_provider`);
  if (f.fromAt) conds.push(sql`${transactions.createdAt} >= ${ph('fromAt')}::timestamptz`);
  if (f.toAt) conds.push(sql`${transactions.createdAt} < ${ph('toAt')}::timestamptz`);
  if (f.like) {
    const like = ph('like');
    conds.push(or(ilike(orders.number, like), ilike(orders.buyerName, like), ilike(orders.email, like), ilike(transactions.providerRef, like))!);
  }
  if (extra) conds.push(creationPart(transactions, extra));
  return conds.length ? and(...conds) : undefined;
}

const newestFirst = creationOrder(transactions);

/** A sort of the transaction list other than newest first; id breaks ties so paging never repeats or skips a row. */
export type TransactionSorting = Sorting<'created_at' | 'amount' | 'kind'>;
const SORT_COLUMNS = {
  created_at: transactions.createdAt,
  // The amount as the list shows it: money given back counts as negative.
  amount: sql`(CASE WHEN ${transactions.kind} = 'refund' THEN -${transactions.amountCents} ELSE ${transactions.amountCents} END)`,
  kind: transactions.kind,
};

export async function countTransactions(db: Db, f: TransactionFilters, part: 'all' | 'settled' | 'recent' = 'all', horizon?: Date) {
  const statement = preparedOnce(db, `transactions.count.${part}.${shapeOf(f)}`, (name) => {
    const q = db.select({ n: count() }).from(transactions);
    return (needsOrder(f) ? q.innerJoin(orders, eq(orders.id, transactions.orderId)) : q).where(transactionWhere(f, part === 'all' ? null : part)).prepare(name);
  });
  return (await statement.execute({ ...f, horizon: horizon?.toISOString() }))[0]?.n ?? 0;
}

/** The place of the transaction `offset` rows from the oldest (`asc`), or newest first from `start` (`desc`). */
export async function transactionBookmark(db: Db, f: TransactionFilters, dir: 'asc' | 'desc', start: Bookmark | null, offset: number): Promise<Bookmark | null> {
  const statement = preparedOnce(db, `transactions.bookmark.${dir}.${start ? 'start' : 'end'}.${shapeOf(f)}`, (name) => {
    const q = db.select({ createdAt: sql<string>`${transactions.createdAt}::text`, id: transactions.id }).from(transactions);
    return (needsOrder(f) ? q.innerJoin(orders, eq(orders.id, transactions.orderId)) : q)
      .where(transactionWhere(f, start ? 'start' : null))
      .orderBy(...creationOrder(transactions, dir))
      .limit(1)
      .offset(ph('offset'))
      .prepare(name);
  });
  return (await statement.execute({ ...f, startAt: start?.createdAt, startId: start?.id, offset }))[0] ?? null;
}

/**
 * Up to `limit` transactions newest first (or as `sorting` says), `offset` past `start` (inclusive) or past the
 * first, with their order's number, buyer and dealer.
 */
export async function pageTransactions(db: Db, f: TransactionFilters, start: Bookmark | null, offset: number, limit: number, sorting?: TransactionSorting, recentAfter?: Date) {
  const by = sortedBy(SORT_COLUMNS, transactions.id, sorting, newestFirst);
  const counted = recentAfter ? 'counted' : 'uncounted';
  const statement = preparedOnce(db, `transactions.page.${start ? 'start' : 'top'}.${sortingName(sorting)}.${counted}.${shapeOf(f)}`, (name) => {
    const recent = db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    const recentCount = (needsOrder(f) ? recent.innerJoin(orders, eq(orders.id, transactions.orderId)) : recent).where(transactionWhere(f, 'recent'));
    const ids = db.select({ id: transactions.id }).from(transactions);
    const page = (needsOrder(f) ? ids.innerJoin(orders, eq(orders.id, transactions.orderId)) : ids)
      .where(transactionWhere(f, start ? 'start' : null))
      .orderBy(...by)
      .limit(ph('limit'))
      .offset(ph('offset'))
      .as('page');
    return db
      .select({
        transaction: transactions,
        orderNumber: orders.number,
        buyerName: orders.buyerName,
        dealerName: dealer.fullname,
        place: sql<string>`${transactions.createdAt}::text`,
        // With `recentAfter`, the transactions made after it, counted in the same statement (once: it does not depend on the row).
        recent: recentAfter ? sql<number | null>`(${recentCount})` : sql<number | null>`null::int`,
      })
      .from(page)
      .innerJoin(transactions, eq(transactions.id, page.id))
      .innerJoin(orders, eq(orders.id, transactions.orderId))
      .leftJoin(dealer, eq(dealer.id, orders.dealerId))
      .orderBy(...by)
      .prepare(name);
  });
  return statement.execute({ ...f, startAt: start?.createdAt, startId: start?.id, offset, limit, horizon: recentAfter?.toISOString() });
}

/** `limit` transactions newest first past the newest `offset`, and those made after `horizon`: one statement. */
export async function pageAndRecentTransactions(db: Db, f: TransactionFilters, offset: number, limit: number, horizon: Date) {
  const rows = await pageTransactions(db, f, null, offset, limit, undefined, horizon);
  return { rows, recent: rows[0]?.recent ?? null };
}

export type TransactionListRow = Awaited<ReturnType<typeof pageTransactions>>[number];
