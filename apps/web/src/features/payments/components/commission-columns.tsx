import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { CommissionEntryOut } from '@meltway/shared/payments/commission.schema';
import { dateColumn } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { localeTag } from '@/lib/i18n';
import { OrderLink } from '@/components/orders/order-link';
import { signedMoney } from './signed-money';


/** The ledger's columns: an accrual per paid contractor order, a (negative) reversal per refund. */
export function commissionColumns(t: TFunction, language: string | undefined): ColumnDef<CommissionEntryOut>[] {
  const percent = new Intl.NumberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: 2 });
  const columns: ColumnDef<CommissionEntryOut>[] = [
    { ...dateColumn<CommissionEntryOut>('created_at', t('orders:columns.date'), language), meta: { label: t('orders:columns.date') } },
    {
      id: 'kind',
      accessorFn: (e) => t(`orders:commission.kinds.${e.kind}`),
      header: t('orders:columns.kind'),
      meta: { label: t('orders:columns.kind'), className: 'hidden sm:table-cell' },
      cell: ({ row }) => (
        <Badge variant={row.original.kind === 'accrual' ? 'success' : 'warning'}>{t(`orders:commission.kinds.${row.original.kind}`)}</Badge>
      ),
    },
    {
      id: 'order',
      accessorKey: 'orderNumber',
      header: t('orders:columns.order'),
      meta: { label: t('orders:columns.order') },
      cell: ({ row }) => <OrderLink id={row.original.orderId} number={row.original.orderNumber} />,
    },
    {
      id: 'contractor',
      accessorKey: 'contractorName',
      header: t('orders:commission.contractor'),
      meta: { label: t('orders:commission.contractor'), className: 'hidden md:table-cell' },
    },
    {
      id: 'base',
      accessorKey: 'baseCents',
      header: () => <span className="block text-right">{t('orders:commission.base')}</span>,
      meta: { label: t('orders:commission.base'), className: 'hidden lg:table-cell' },
      cell: ({ row }) => <span className="block text-right whitespace-nowrap tabular-nums">{signedMoney(row.original.baseCents, language)}</span>,
    },
    {
      id: 'percent',
      accessorKey: 'percent',
      header: () => <span className="block text-right">{t('orders:commission.rate')}</span>,
      meta: { label: t('orders:commission.rate'), className: 'hidden lg:table-cell' },
      cell: ({ row }) => <span className="block text-right tabular-nums">{percent.format(row.original.percent / 100)}</span>,
    },
    {
      id: 'amount',
      accessorKey: 'amountCents',
      header: () => <span className="block text-right">{t('orders:columns.amount')}</span>,
      meta: { label: t('orders:columns.amount') },
      cell: ({ row }) => (
        <span className={`block text-right font-medium whitespace-nowrap tabular-nums ${row.original.amountCents < 0 ? 'text-destructive' : ''}`}>
          {signedMoney(row.original.amountCents, language)}
        </span>
      ),
    },
  ];
  return columns.map((c) => ({ ...c, enableSorting: false }));
}

