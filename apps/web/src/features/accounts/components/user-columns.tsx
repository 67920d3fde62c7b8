import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { actionsColumn } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { StatusBadge } from './status-badge';

/** Columns that the people tables (dealers, pending dealers, admins) share; `t` reads the dashboard namespace. */
export const userColumns = (t: TFunction<['dashboard', ...string[]]>, language: string | undefined) => ({
  /** The name, as a link-styled button that opens the person when `open` is given. */
  name: (open?: (user: UserOut) => void, extra?: (user: UserOut) => ReactNode): ColumnDef<UserOut> => ({
    accessorKey: 'fullname',
    header: t('table.name'),
    meta: { label: t('table.name') },
    cell: ({ row }) =>
      open ? (
        <Button variant="link" size="inline" className="font-medium" onClick={() => open(row.original)}>
          {row.original.fullname}
        </Button>
      ) : (
        <span className="flex items-center gap-2 font-medium">
          {row.original.fullname}
          {extra?.(row.original)}
        </span>
      ),
  }),
  email: (): ColumnDef<UserOut> => ({ accessorKey: 'email', header: t('accounts:fields.email'), meta: { label: t('accounts:fields.email') } }),
  /** The status badge; `shown` maps a status to the one displayed and exported (dealers show only approved or inactive). */
  status: (shown: (user: UserOut) => UserOut['status'] = (u) => u.status): ColumnDef<UserOut> => ({
    accessorKey: 'status',
    header: t('table.status'),
    meta: { label: t('table.status'), csv: (u) => t(`status.${shown(u)}`) },
    cell: ({ row }) => <StatusBadge status={row.original.status} />,
  }),
  created: (): ColumnDef<UserOut> => ({
    accessorKey: 'created_at',
    header: t('table.created'),
    meta: { label: t('table.created') },
    cell: ({ row }) => formatDate(row.original.created_at, language),
  }),
  /** The row's buttons, right-aligned under a header only screen readers read. */
  actions: (cell: (user: UserOut) => ReactNode): ColumnDef<UserOut> => actionsColumn(t('table.actions'), cell),
});
