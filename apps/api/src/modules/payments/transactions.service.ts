import type { TransactionListQuery, TransactionOut } from '@meltway/shared/payments/transaction.schema';
import type { z } from 'zod';
import { creationPage, type Bookmark, type CreationList } from '../../lib/creation-pages.js';
import { csvRows, toCsv } from '../../lib/csv.js';
import { actor, type Ctx } from '../../lib/ctx.js';
import { sortingOf } from '../../lib/list-sorting.js';
import { easternMidnight, nextDay } from '../../lib/eastern-time.js';
import * as repo from './transactions.repo.js';

type ListQuery = z.output<typeof TransactionListQuery>;
type Filters = Omit<ListQuery, 'page' | 'pageSize'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The reader's scope (admins all, a dealer the money of the orders filed under it) and the query's filters. */
function filtersFor(ctx: Ctx, q: Filters): repo.TransactionFilters {
  const me = actor(ctx);
  return {
    dealerId: me.role === 'admin' ? undefined : me.id,
    kind: q.kind,
    provider: q.provider,
    fromAt: q.from ? easternMidnight(q.from).toISOString() : undefined,
    toAt: q.to ? easternMidnight(nextDay(q.to)).toISOString() : undefined,
    like: q.q ? `%${escapeLike(q.q)}%` : undefined,
  };
}

const transactionOf = (r: repo.TransactionListRow): TransactionOut => ({
  id: r.transaction.id,
  kind: r.transaction.kind,
  provider: r.transaction.provider,
  providerRef: r.transaction.providerRef,
  amountCents: r.transaction.amountCents,
  orderId: r.transaction.orderId,
  orderNumber: r.orderNumber,
  buyerName: r.buyerName,
  dealerName: r.dealerName,
  created_at: r.transaction.createdAt.toISOString(),
});

/**
 * GET /api/v1/transactions: payments, refunds, on-account charges and settlements, newest first (from bookmarks
 * when nothing narrows the list) or sorted by date, amount or kind (by offset on that key and id).
 */
export async function listTransactions(ctx: Ctx, q: ListQuery): Promise<{ items: TransactionOut[]; total: number }> {
  const f = filtersFor(ctx, q);
  const sorting = sortingOf(q);
  if (!sorting && !f.kind && !f.provider && !f.fromAt && !f.toAt && !f.like) {
    const list: CreationList<repo.TransactionListRow> = {
      key: `transactions|${f.dealerId ?? ''}`,
      count: (part, horizon) => repo.countTransactions(ctx.db, f, part, horizon),
      bookmark: (dir, start, offset) => repo.transactionBookmark(ctx.db, f, dir, start, offset),
      page: (start, offset, limit) => repo.pageTransactions(ctx.db, f, start, offset, limit),
      pageAndRecent: (offset, limit, horizon) => repo.pageAndRecentTransactions(ctx.db, f, offset, limit, horizon),
    };
    const { items, total } = await creationPage(ctx.db, list, ctx.now, q.page, q.pageSize);
    return { items: items.map(transactionOf), total };
  }
  const [rows, total] = await Promise.all([
    repo.pageTransactions(ctx.db, f, null, (q.page - 1) * q.pageSize, q.pageSize, sorting),
    repo.countTransactions(ctx.db, f),
  ]);
  return { items: rows.map(transactionOf), total };
}

const CSV_BATCH = 500;
const HEADER = ['created_at', 'kind', 'provider', 'provider_ref', 'amount_cad', 'order_number', 'buyer_name', 'dealer'] as const;

/** GET /api/v1/transactions/export.csv: the whole filtered list in the list's order, streamed in batches. Amounts in dollars (CAD). */
export async function* transactionsCsv(ctx: Ctx, q: Filters): AsyncGenerator<string> {
  yield toCsv(HEADER, []);
  const f = filtersFor(ctx, q);
  const sorting = sortingOf(q);
  let start: Bookmark | null = null;
  let read = 0;
  for (;;) {
    // Newest first steps from bookmark to bookmark; another sort steps by offset on its key and id.
    const rows: repo.TransactionListRow[] = sorting
      ? await repo.pageTransactions(ctx.db, f, null, read, CSV_BATCH, sorting)
      : await repo.pageTransactions(ctx.db, f, start, start ? 1 : 0, CSV_BATCH);
    read += rows.length;
    yield csvRows(
      rows.map(({ transaction: t, orderNumber, buyerName, dealerName }) => [
        t.createdAt.toISOString(), t.kind, t.provider, t.providerRef, (t.amountCents / 100).toFixed(2), orderNumber, buyerName, dealerName,
      ]),
    );
    const last = rows.at(-1);
    if (!last || rows.length < CSV_BATCH) return;
    start = { createdAt: last.place, id: last.transaction.id };
  }
}
