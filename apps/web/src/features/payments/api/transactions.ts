import { TRANSACTION_SORTS, type TransactionKind, type TransactionOut } from '@meltway/shared/payments/transaction.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { serverSort } from '@/components/data-table/server-sort';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

type TransactionProvider = TransactionOut['provider'];
export type TransactionFilters = { kind?: TransactionKind; provider?: TransactionProvider; from?: string; to?: string };

/** One page of payments, refunds and account entries, newest first unless the table sorts by date, kind or amount: all for an admin, a dealer's own for a dealer. */
export function fetchTransactionsPage(request: PageRequest, filters: TransactionFilters = {}): Promise<PageResult<TransactionOut>> {
  return api.get<PageResult<TransactionOut>>('/api/v1/transactions', {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q.trim() || undefined,
    ...serverSort(TRANSACTION_SORTS, request.sort, request.order),
    ...filters,
  });
}

/** Every transaction the filters match as CSV, written by the API. */
export async function downloadTransactionsCsv(filters: TransactionFilters & { q?: string; sort?: string; order?: 'asc' | 'desc' }) {
  const blob = await api.blob('/api/v1/transactions/export.csv', { query: filters });
  saveFile(blob, `transactions-${new Date().toISOString().slice(0, 10)}.csv`);
}
