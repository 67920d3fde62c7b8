import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { OrderSummaryOut } from '@meltway/shared/orders/order.schema';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { DataTable } from '@/components/data-table/data-table';
import { formatDate, formatPrice } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { usePageMeta } from '@/lib/use-page-meta';
import { fetchMyOrdersPage } from '../api/orders';
import { orderKeys } from '@/lib/order-keys';

/** /orders: the orders the signed-in user placed, newest first, searchable by number. */
export default function OrdersPage() {
  const { t, i18n } = useTranslation('commerce');
  usePageMeta(t('orders.title'), t('orders.description'));
  const user = useCurrentUser();
  const language = i18n.resolvedLanguage;
  const buyerId = user?.id ?? '';

  const columns = useMemo<ColumnDef<OrderSummaryOut>[]>(
    () => [
      {
        id: 'number',
        accessorKey: 'number',
        header: t('orders.number'),
        enableSorting: false,
        meta: { label: t('orders.number') },
        cell: ({ row }) => (
          <Link to={`/orders/${row.original.id}`} className="font-mono font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline">
            {row.original.number}
          </Link>
        ),
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('orders.date'),
        enableSorting: false,
        // On a phone the number, status and total fill the width; the order's page has its date.
        meta: { label: t('orders.date'), className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at, language)}</span>,
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('orders.status'),
        enableSorting: false,
        meta: { label: t('orders.status') },
        cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
      },
      {
        id: 'itemCount',
        accessorKey: 'itemCount',
        header: t('orders.items'),
        enableSorting: false,
        meta: { label: t('orders.items'), className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="tabular-nums">{row.original.itemCount}</span>,
      },
      {
        id: 'totalCents',
        accessorKey: 'totalCents',
        header: t('orders.total'),
        enableSorting: false,
        meta: { label: t('orders.total') },
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(row.original.totalCents, language)}</span>,
      },
    ],
    [t, language],
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('orders.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('orders.intro')}</p>
      <div className="mt-6">
        <DataTable
          mode="server"
          label={t('orders.title')}
          columns={columns}
          queryKey={orderKeys.list({ buyerId })}
          fetchPage={(request) => fetchMyOrdersPage(request, buyerId)}
          getRowId={(order) => order.id}
          filterColumn="number"
          filterPlaceholder={t('orders.search')}
          emptyMessage={t('orders.empty')}
        />
      </div>
      <p className="mt-6 text-sm">
        <Link to="/categories" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('orders.shop')}
        </Link>
      </p>
    </div>
  );
}
