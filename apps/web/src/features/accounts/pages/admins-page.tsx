import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { errorMessage } from '@/lib/server-message';
import { useCurrentUser } from '@/lib/session';
import { useAdmins } from '../api/admins';
import { useDeleteUser } from '../api/delete-user';
import { ConfirmDialog } from '../components/confirm-dialog';
import { InviteAdminDialog } from '../components/invite-admin-dialog';
import { StatusBadge } from '../components/status-badge';

export default function AdminsPage() {
  const { t, i18n } = useTranslation(['dashboard', 'accounts']);
  const me = useCurrentUser();
  const admins = useAdmins();
  const remove = useDeleteUser();
  const [removing, setRemoving] = useState<UserOut | null>(null);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<UserOut>[]>(
    () => [
      {
        accessorKey: 'fullname',
        header: t('table.name'),
        meta: { label: t('table.name') },
        cell: ({ row }) => (
          <span className="flex items-center gap-2 font-medium">
            {row.original.fullname}
            {row.original.id === me?.id ? <Badge variant="outline">{t('admins.you')}</Badge> : null}
          </span>
        ),
      },
      { accessorKey: 'email', header: t('accounts:fields.email'), meta: { label: t('accounts:fields.email') } },
      {
        accessorKey: 'status',
        header: t('table.status'),
        meta: { label: t('table.status'), csv: (a) => t(`status.${a.status}`) },
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        accessorKey: 'created_at',
        header: t('table.created'),
        meta: { label: t('table.created') },
        cell: ({ row }) => formatDate(row.original.created_at, language),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('table.actions')}</span>,
        enableHiding: false,
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              onClick={() => setRemoving(row.original)}
              aria-label={t('admins.removeOne', { name: row.original.fullname })}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </div>
        ),
      },
    ],
    [t, language, me?.id],
  );

  const confirmRemove = () => {
    const admin = removing;
    if (!admin) return;
    remove.mutate(admin.id, {
      onSuccess: () => notify.success(t('admins.removed', { name: admin.fullname })),
      onError: (error) => notify.error(errorMessage(t, error, t('admins.removeFailed'))),
    });
  };

  return (
    <PageShell
      title={t('pages.admins')}
      description={t('admins.description')}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to="/dashboard/admins/roles">
              <ShieldCheckIcon aria-hidden />
              {t('pages.adminRoles')}
            </Link>
          </Button>
          <InviteAdminDialog />
        </>
      }
    >
      <DataTable
        label={t('pages.admins')}
        columns={columns}
        data={admins.data}
        isLoading={admins.isPending}
        error={admins.error}
        onRetry={() => void admins.refetch()}
        getRowId={(a) => a.id}
        filterColumn="fullname"
        filterPlaceholder={t('admins.filter')}
        exportName="admins"
      />
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('admins.removeTitle', { name: removing?.fullname ?? '' })}
        description={t('admins.removeDescription')}
        confirmLabel={t('admins.remove')}
        onConfirm={confirmRemove}
      />
    </PageShell>
  );
}
