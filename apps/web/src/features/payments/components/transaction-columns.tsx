import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { TRANSACTION_SORTS, type TransactionOut } from '@meltway/shared/payments/transaction.schema';
import { dateColumn } from '@/components/data-table/columns';
import { sortableBy } from '@/components/data-table/server-sort';
import { Badge } from '@/components/ui/badge';
import { OrderLink } from '@/components/orders/order-link';
import { signedMoney } from './signed-money';

const KIND_VARIANT = { payment: 'success', refund: 'warning', account_charge: 'default', account_settlement: 'outline' } as const;

/** Money going back to a buyer reads as negative; everything else as it comes. */
const signedCents = (tx: Pick<TransactionOut, 'kind' | 'amountCents'>) => (tx.kind === 'refund' ? -tx.amountCents : tx.amountCents);

/**
 * The columns of the transaction list; `dealer` is for admins. The API sorts by date, kind and amount (a refund as
 * negative, as shown; newest first by default), so those sort.
 */
export function transactionColumns(t: TFunction, language: string | undefined, { dealer = false } = {}): ColumnDef<TransactionOut>[] {
  const columns: (ColumnDef<TransactionOut> | false)[] = [
    { ...dateColumn<TransactionOut>('created_at', t('orders:columns.date'), language), meta: { label: t('orders:columns.date') } },
    {
      id: 'kind',
      accessorFn: (tx) => t(`orders:kinds.${tx.kind}`),
      header: t('orders:columns.kind'),
      meta: { label: t('orders:columns.kind') },
      cell: ({ row }) => <Badge variant={KIND_VARIANT[row.original.kind]}>{t(`orders:kinds.${row.original.kind}`)}</Badge>,
    },
    {
      id: 'order',
      accessorKey: 'orderNumber',
      header: t('orders:columns.order'),
      meta: { label: t('orders:columns.order') },
      cell: ({ row }) => <OrderLink id={row.original.orderId} number={row.original.orderNumber} />,
    },
    {
      id: 'buyer',
      accessorKey: 'buyerName',
      header: t('orders:columns.buyer'),
      meta: { label: t('orders:columns.buyer'), className: 'hidden md:table-cell whitespace-nowrap' },
    },
    dealer && {
      id: 'dealer',
      accessorFn: (tx) => tx.dealerName ?? '',
      header: t('orders:columns.dealer'),
      meta: { label: t('orders:columns.dealer'), className: 'hidden 2xl:table-cell' },
      cell: ({ row }) => row.original.dealerName ?? '—',
    },
    {
      id: 'provider',
      accessorFn: (tx) => t(`orders:providers.${tx.provider}`),
      header: t('orders:columns.provider'),
      meta: { label: t('orders:columns.provider'), className: 'hidden 2xl:table-cell whitespace-nowrap' },
    },
    {
      id: 'reference',
      accessorKey: 'providerRef',
      header: t('orders:columns.reference'),
      meta: { label: t('orders:columns.reference'), className: 'hidden lg:table-cell' },
      cell: ({ row }) => (
        <span className="block max-w-40 truncate font-mono text-xs" title={row.original.providerRef}>
          {row.original.providerRef}
        </span>
      ),
    },
    {
      id: 'amount',
      accessorFn: signedCents,
      header: () => <span className="block text-right">{t('orders:columns.amount')}</span>,
      meta: { label: t('orders:columns.amount') },
      cell: ({ row }) => {
        const cents = signedCents(row.original);
        return (
          <span className={`block text-right font-medium whitespace-nowrap tabular-nums ${cents < 0 ? 'text-destructive' : ''}`}>
            {signedMoney(cents, language)}
          </span>
        );
      },
    },
  ];
  return sortableBy(columns.filter((c): c is ColumnDef<TransactionOut> => !!c), TRANSACTION_SORTS);
}
