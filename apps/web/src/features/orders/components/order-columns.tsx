import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ORDER_SORTS, type OrderSummaryOut } from '@meltway/shared/orders/order.schema';
import { OrderLink } from '@/components/orders/order-link';
import { OrderStatusBadge } from '@/components/orders/order-status-badge';
import { dateColumn } from '@/components/data-table/columns';
import { sortableBy } from '@/components/data-table/server-sort';
import { formatPrice } from '@/lib/format';

/** The same column, shown from `md` up only. */
function phoneHidden<T>(column: ColumnDef<T>): ColumnDef<T> {
  return { ...column, meta: { ...column.meta, className: 'hidden md:table-cell' } };
}

/**
 * The columns of an order list. The API sorts by date, total and status (newest first by default), so those sort;
 * `dealer` is for admins (a dealer's list is its own), `buyer` is left out where the buyer is the page's subject.
 */
export function orderColumns(
  t: TFunction,
  language: string | undefined,
  { dealer = false, buyer = true }: { dealer?: boolean; buyer?: boolean } = {},
): ColumnDef<OrderSummaryOut>[] {
  const columns: (ColumnDef<OrderSummaryOut> | false)[] = [
    {
      id: 'number',
      accessorKey: 'number',
      header: t('orders:columns.number'),
      enableHiding: false,
      meta: { label: t('orders:columns.number') },
      cell: ({ row }) => <OrderLink id={row.original.id} number={row.original.number} />,
    },
    // On a phone (under md) only the number, status and total stay, so the Total never needs a sideways scroll.
    phoneHidden(dateColumn<OrderSummaryOut>('created_at', t('orders:columns.date'), language)),
    buyer && {
      id: 'buyer',
      accessorFn: (o) => o.buyerName,
      header: t('orders:columns.buyer'),
      // On a phone the number, status and total matter most; the buyer is one tap away.
      meta: { label: t('orders:columns.buyer'), className: 'hidden md:table-cell' },
      cell: ({ row }) => (
        <div className="grid max-w-56 min-w-32">
          <span className="truncate font-medium">{row.original.buyerName}</span>
          <span className="truncate text-xs text-muted-foreground">{row.original.buyerEmail}</span>
        </div>
      ),
    },
    dealer && {
      id: 'dealer',
      accessorFn: (o) => o.dealerName ?? '',
      header: t('orders:columns.dealer'),
      meta: { label: t('orders:columns.dealer'), className: 'hidden lg:table-cell' },
      cell: ({ row }) => row.original.dealerName ?? '—',
    },
    {
      id: 'itemCount',
      accessorKey: 'itemCount',
      header: t('orders:columns.items'),
      meta: { label: t('orders:columns.items'), className: 'hidden xl:table-cell text-right tabular-nums' },
    },
    {
      id: 'paymentMethod',
      accessorFn: (o) => t(`orders:paymentMethods.${o.paymentMethod}`),
      header: t('orders:columns.payment'),
      meta: { label: t('orders:columns.payment'), className: 'hidden md:table-cell whitespace-nowrap' },
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('orders:columns.status'),
      meta: { label: t('orders:columns.status') },
      cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
    },
    {
      id: 'total',
      accessorKey: 'totalCents',
      header: () => <span className="block text-right">{t('orders:columns.total')}</span>,
      meta: { label: t('orders:columns.total') },
      cell: ({ row }) => (
        <div className="grid justify-items-end text-right whitespace-nowrap tabular-nums">
          <span className="font-medium">{formatPrice(row.original.totalCents, language)}</span>
          {row.original.refundedCents > 0 ? (
            <span className="text-xs text-muted-foreground">
              {t('orders:columns.refunded', { amount: formatPrice(row.original.refundedCents, language) })}
            </span>
          ) : null}
        </div>
      ),
    },
  ];
  return sortableBy(columns.filter((c): c is ColumnDef<OrderSummaryOut> => !!c), ORDER_SORTS);
}
