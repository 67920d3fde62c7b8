import type { TransactionKind, TransactionOut } from '@meltway/shared/commerce/transaction.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

type TransactionProvider = TransactionOut['provider'];
export type TransactionFilters = { kind?: TransactionKind; provider?: TransactionProvider; from?: string; to?: string };

/** One page of payments, refunds and account entries, newest first: all for an admin, a dealer's own for a dealer. */
export function fetchTransactionsPage(request: PageRequest, filters: TransactionFilters = {}): Promise<PageResult<TransactionOut>> {
  return api.get<PageResult<TransactionOut>>('/api/v1/transactions', {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q.trim() || undefined,
    ...filters,
  });
}

/** Every transaction the filters match as CSV, written by the API. */
export async function downloadTransactionsCsv(filters: TransactionFilters & { q?: string }) {
  const blob = await api.blob('/api/v1/transactions/export.csv', { query: filters });
  saveFile(blob, `transactions-${new Date().toISOString().slice(0, 10)}.csv`);
}
