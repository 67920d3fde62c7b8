import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { DesignSummary } from '@meltway/shared/design/project.schema';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatPrice } from '@/lib/format';
import { localeTag } from '@/lib/i18n';
import { ProjectStatusBadge } from './project-status-badge';

const number = (value: number, language: string | undefined, digits = 0) =>
  new Intl.NumberFormat(localeTag(language), { maximumFractionDigits: digits }).format(value);

/** The columns of the projects list: the name opens the project; owner, area and load give way on a phone. */
export function projectsColumns(t: TFunction, language: string | undefined): ColumnDef<DesignSummary>[] {
  return [
    {
      id: 'name',
      accessorKey: 'name',
      header: t('list.name'),
      enableSorting: false,
      enableHiding: false,
      meta: { label: t('list.name') },
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to={`/layout-generator/projects/${row.original.id}`}
            className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
          >
            {row.original.name}
          </Link>
          {row.original.shared ? <Badge variant="muted">{t('list.shared')}</Badge> : null}
        </span>
      ),
    },
    {
      id: 'owner',
      accessorKey: 'ownerName',
      header: t('list.owner'),
      enableSorting: false,
      meta: { label: t('list.owner'), className: 'hidden md:table-cell' },
      cell: ({ row }) => t('list.ownerRole', { name: row.original.ownerName, role: t(`common:roles.${row.original.ownerRole}`, { defaultValue: row.original.ownerRole }) }),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('list.status'),
      enableSorting: false,
      meta: { label: t('list.status') },
      cell: ({ row }) => <ProjectStatusBadge status={row.original.status} />,
    },
    {
      id: 'areaM2',
      accessorKey: 'areaM2',
      header: t('list.area'),
      enableSorting: false,
      meta: { label: t('list.area'), className: 'hidden sm:table-cell text-right' },
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{t('list.squareMetres', { value: number(row.original.areaM2, language, 1) })}</span>,
    },
    {
      id: 'watts',
      accessorKey: 'watts',
      header: t('list.watts'),
      enableSorting: false,
      meta: { label: t('list.watts'), className: 'hidden sm:table-cell text-right' },
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{t('list.watt', { value: number(row.original.watts, language) })}</span>,
    },
    {
      id: 'priceCents',
      accessorKey: 'priceCents',
      header: t('list.price'),
      enableSorting: false,
      meta: { label: t('list.price'), className: 'text-right' },
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatPrice(row.original.priceCents, language)}</span>,
    },
    {
      id: 'updatedAt',
      accessorKey: 'updatedAt',
      header: t('list.updated'),
      enableSorting: false,
      meta: { label: t('list.updated'), className: 'hidden lg:table-cell' },
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updatedAt, language)}</span>,
    },
  ];
}
