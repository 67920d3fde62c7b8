import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_PROVIDERS, TRANSACTION_KINDS, TRANSACTION_SORTS } from '@meltway/shared/payments/transaction.schema';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { serverSort } from '@/components/data-table/server-sort';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { useCurrentUser } from '@/lib/session';
import { orderKeys } from '@/lib/order-keys';
import { downloadTransactionsCsv, fetchTransactionsPage, type TransactionFilters } from '../api/transactions';
import { transactionColumns } from '../components/transaction-columns';
import { DateRangeFilter, isoDateOrUndefined } from '@/components/data-table/table-filters';

/** Every payment, refund, on-account charge and settlement: all of them for an admin, a dealer's own for a dealer. */
export default function TransactionsPage() {
  const { t, i18n } = useTranslation(['orders', 'dashboard']);
  const user = useCurrentUser();
  const admin = user?.role === 'admin';
  const { state, get, set } = useTableUrlState();
  const language = i18n.resolvedLanguage;

  const filters: TransactionFilters = {
    kind: TRANSACTION_KINDS.find((k) => k === get('kind')),
    provider: PAYMENT_PROVIDERS.find((p) => p === get('provider')),
    from: isoDateOrUndefined(get('from')),
    to: isoDateOrUndefined(get('to')),
  };
  const columns = useMemo(() => transactionColumns(t, language, { dealer: admin }), [t, language, admin]);

  const toolbar = (
    <>
      <SelectFilter
        value={filters.kind}
        onChange={(kind) => set({ kind })}
        label={t('filters.kind')}
        allLabel={t('filters.allKinds')}
        options={TRANSACTION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        wide
      />
      <SelectFilter
        value={filters.provider}
        onChange={(provider) => set({ provider })}
        label={t('filters.provider')}
        allLabel={t('filters.allProviders')}
        options={PAYMENT_PROVIDERS.map((p) => ({ value: p, label: t(`providers.${p}`) }))}
      />
      <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => set(range)} />
    </>
  );

  return (
    <PageShell
      title={t('dashboard:pages.transactions')}
      description={t(admin ? 'transactions.descriptionAdmin' : 'transactions.descriptionDealer')}
    >
      <DataTable
        mode="server"
        label={t('dashboard:pages.transactions')}
        columns={columns}
        queryKey={orderKeys.transactionList({ ...filters })}
        fetchPage={(request: PageRequest) => fetchTransactionsPage(request, filters)}
        getRowId={(tx) => tx.id}
        filterColumn="order"
        filterPlaceholder={t('transactions.filter')}
        toolbar={toolbar}
        onExport={() => downloadTransactionsCsv({ ...filters, q: state.q.trim() || undefined, ...serverSort(TRANSACTION_SORTS, state.sort, state.order) })}
        emptyMessage={t('transactions.empty')}
      />
    </PageShell>
  );
}
