import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { ProductSummary } from '@meltway/shared/catalogue/product.schema';
import { FrenchMissing } from '@/components/admin/french-missing';
import { nameThumbColumn, rowActionsColumn } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { formatPrice } from '@/lib/format';
import { lacksFrench } from '@/lib/localized';

/** What an admin may do from a row; absent, the table is read-only (a dealer's view). */
type RowActions = { edit: (product: ProductSummary) => void; remove: (product: ProductSummary) => void };

/**
 * The columns of the dashboard's products table: name with its picture (it opens the editor for an admin), SKU,
 * category, brand, price, stock, whether it is on sale, and the row's actions for an admin.
 */
export function adminProductColumns(t: TFunction<['catalogue', 'dashboard']>, language: string | undefined, actions: RowActions | undefined): ColumnDef<ProductSummary>[] {
  return [
    nameThumbColumn<ProductSummary>({
      header: t('admin.fields.name'),
      image: (p) => p.image,
      open: actions?.edit,
      className: 'min-w-44',
      badge: (p) => (lacksFrench([p.name, p.nameFr]) ? <FrenchMissing /> : null),
    }),
    {
      id: 'sku',
      accessorKey: 'sku',
      header: t('tech.sku'),
      enableSorting: false,
      meta: { label: t('tech.sku'), className: 'hidden sm:table-cell' },
      cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap">{row.original.sku}</span>,
    },
    {
      id: 'category',
      accessorFn: (p) => p.category?.name ?? '',
      header: t('admin.fields.category'),
      enableSorting: false,
      meta: { label: t('admin.fields.category'), className: 'hidden md:table-cell' },
    },
    {
      id: 'brand',
      accessorFn: (p) => p.brand?.name ?? '',
      header: t('admin.fields.brand'),
      enableSorting: false,
      meta: { label: t('admin.fields.brand'), className: 'hidden xl:table-cell' },
      cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue<string>() || '—'}</span>,
    },
    {
      id: 'price',
      accessorKey: 'price',
      header: t('admin.fields.price'),
      meta: { label: t('admin.fields.price'), csv: (p) => (p.price / 100).toFixed(2), className: 'text-right tabular-nums whitespace-nowrap' },
      cell: ({ row }) => formatPrice(row.original.price, language),
    },
    {
      id: 'stock',
      accessorKey: 'stock',
      header: t('admin.fields.stock'),
      meta: { label: t('admin.fields.stock'), className: 'text-right tabular-nums' },
    },
    {
      id: 'active',
      accessorKey: 'active',
      header: t('admin.fields.active'),
      enableSorting: false,
      meta: { label: t('admin.fields.active'), csv: (p) => (p.active ? t('admin.products.active') : t('admin.products.hidden')) },
      cell: ({ row }) =>
        row.original.active ? <Badge variant="success">{t('admin.products.active')}</Badge> : <Badge variant="muted">{t('admin.products.hidden')}</Badge>,
    },
    ...(actions ? [rowActionsColumn<ProductSummary>(t('dashboard:table.actions'), actions)] : []),
  ];
}
