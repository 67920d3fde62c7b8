import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '@meltway/shared/orders/order-states';
import { ORDER_SORTS } from '@meltway/shared/orders/order.schema';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { serverSort } from '@/components/data-table/server-sort';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { useCurrentUser } from '@/lib/session';
import { useDealerChoices } from '@/lib/dealer-choices';
import { orderKeys } from '@/lib/order-keys';
import { downloadOrdersCsv, fetchOrdersPage, type OrderFilters } from '../api/orders';
import { orderColumns } from '../components/order-columns';
import { DateRangeFilter, isoDateOrUndefined, SearchFilter } from '@/components/data-table/table-filters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every order for an admin; a dealer's own and its contractors' for a dealer. Filters live in the address. */
export default function OrderManagementPage() {
  const { t, i18n } = useTranslation(['orders', 'commerce', 'dashboard']);
  const user = useCurrentUser();
  const admin = user?.role === 'admin';
  const { state, get, set } = useTableUrlState();
  const language = i18n.resolvedLanguage;
  const dealers = useDealerChoices(admin);

  const dealerId = get('dealerId');
  const filters: OrderFilters = {
    status: ORDER_STATUSES.find((s) => s === get('status')),
    from: isoDateOrUndefined(get('from')),
    to: isoDateOrUndefined(get('to')),
    buyer: get('buyer'),
    dealerId: admin && dealerId && UUID.test(dealerId) ? dealerId : undefined,
  };

  const columns = useMemo(() => orderColumns(t, language, { dealer: admin }), [t, language, admin]);

  const toolbar = (
    <>
      <SelectFilter
        value={filters.status}
        onChange={(status) => set({ status })}
        label={t('filters.status')}
        allLabel={t('filters.allStatuses')}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`commerce:status.${s}`) }))}
      />
      <SearchFilter value={filters.buyer} onChange={(buyer) => set({ buyer })} label={t('filters.buyer')} />
      {admin ? (
        <SelectFilter
          value={filters.dealerId}
          onChange={(value) => set({ dealerId: value })}
          label={t('filters.dealer')}
          allLabel={t('filters.allDealers')}
          options={(dealers.data ?? []).map((d) => ({ value: d.id, label: d.fullname }))}
          wide
        />
      ) : null}
      <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => set(range)} />
    </>
  );

  return (
    <PageShell title={t('dashboard:pages.orders')} description={t(admin ? 'list.descriptionAdmin' : 'list.descriptionDealer')}>
      <DataTable
        mode="server"
        label={t('dashboard:pages.orders')}
        columns={columns}
        queryKey={orderKeys.list({ ...filters })}
        fetchPage={(request: PageRequest) => fetchOrdersPage(request, filters)}
        getRowId={(o) => o.id}
        filterColumn="number"
        filterPlaceholder={t('list.filter')}
        toolbar={toolbar}
        onExport={() => downloadOrdersCsv({ ...filters, q: state.q.trim() || undefined, ...serverSort(ORDER_SORTS, state.sort, state.order) })}
        emptyMessage={t('list.empty')}
      />
    </PageShell>
  );
}
