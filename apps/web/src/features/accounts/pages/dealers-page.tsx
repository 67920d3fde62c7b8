import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { CheckIcon, EyeIcon, Trash2Icon, UserPlusIcon, XIcon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageError, PageShell } from '@/features/dashboard/components/page-shell';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { errorMessage } from '@/lib/server-message';
import { useApproveUser } from '../api/approve-user';
import { useDealers } from '../api/dealers';
import { useDeleteUser } from '../api/delete-user';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DealerDetailsSheet } from '../components/dealer-details-sheet';
import { StatusBadge } from '../components/status-badge';

export default function DealersPage() {
  const { t, i18n } = useTranslation(['dashboard', 'accounts', 'common']);
  const dealers = useDealers();
  const approve = useApproveUser();
  const remove = useDeleteUser();
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<UserOut | null>(null);
  const language = i18n.resolvedLanguage;

  useEffect(() => {
    if (dealers.isError) notify.error(errorMessage(t, dealers.error, t('dealers.messages.fetchFailed')));
  }, [dealers.isError, dealers.error, t]);

  const decide = (dealer: UserOut, status: 'approved' | 'inactive') =>
    approve.mutate(
      { id: dealer.id, status },
      {
        onSuccess: () =>
          notify.success(t(status === 'approved' ? 'dealers.approved' : 'dealers.rejected', { name: dealer.fullname })),
        onError: (error) =>
          notify.error(
            errorMessage(t, error, t(status === 'approved' ? 'dealers.messages.approveFailed' : 'dealers.messages.rejectFailed')),
          ),
      },
    );

  const confirmDelete = () => {
    const dealer = deleting;
    if (!dealer) return;
    remove.mutate(dealer.id, {
      onSuccess: () => notify.success(t('dealers.deleted', { name: dealer.fullname })),
      onError: (error) => notify.error(errorMessage(t, error, t('dealers.messages.deleteFailed'))),
    });
  };

  const { pending, others } = useMemo(() => {
    const all = dealers.data ?? [];
    return { pending: all.filter((d) => d.status === 'pending'), others: all.filter((d) => d.status !== 'pending') };
  }, [dealers.data]);

  const columns = useMemo<ColumnDef<UserOut>[]>(
    () => [
      {
        accessorKey: 'fullname',
        header: t('table.name'),
        meta: { label: t('table.name') },
        cell: ({ row }) => (
          <Button variant="link" size="inline" className="font-medium" onClick={() => setViewing(row.original.id)}>
            {row.original.fullname}
          </Button>
        ),
      },
      { accessorKey: 'email', header: t('accounts:fields.email'), meta: { label: t('accounts:fields.email') } },
      {
        id: 'phone',
        accessorFn: (d) => (d.phone ? `${d.phoneCode ?? ''} ${d.phone}`.trim() : ''),
        header: t('accounts:fields.phone'),
        meta: { label: t('accounts:fields.phone') },
        enableSorting: false,
      },
      {
        accessorKey: 'status',
        header: t('table.status'),
        meta: { label: t('table.status'), csv: (d) => t(`status.${d.status === 'approved' ? 'approved' : 'inactive'}`) },
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
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="icon" className="size-8" onClick={() => setViewing(row.original.id)} aria-label={t('dealers.viewOne', { name: row.original.fullname })}>
              <EyeIcon aria-hidden />
            </Button>
            {row.original.status === 'approved' ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-destructive hover:text-destructive"
                onClick={() => setDeleting(row.original)}
                aria-label={t('dealers.deleteOne', { name: row.original.fullname })}
              >
                <Trash2Icon aria-hidden />
              </Button>
            ) : null}
          </div>
        ),
      },
    ],
    [t, language],
  );

  const pendingColumns = useMemo<ColumnDef<UserOut>[]>(
    () => [
      {
        accessorKey: 'fullname',
        header: t('table.name'),
        meta: { label: t('table.name') },
        cell: ({ row }) => (
          <Button variant="link" size="inline" className="font-medium" onClick={() => setViewing(row.original.id)}>
            {row.original.fullname}
          </Button>
        ),
      },
      { accessorKey: 'email', header: t('accounts:fields.email'), meta: { label: t('accounts:fields.email') } },
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
          <div className="flex justify-end gap-2">
            <Button
              size="sm"
              onClick={() => decide(row.original, 'approved')}
              disabled={approve.isPending}
              aria-label={t('dealers.approveOne', { name: row.original.fullname })}
            >
              <CheckIcon aria-hidden />
              {t('dealers.approve')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => decide(row.original, 'inactive')}
              disabled={approve.isPending}
              aria-label={t('dealers.rejectOne', { name: row.original.fullname })}
            >
              <XIcon aria-hidden />
              {t('dealers.reject')}
            </Button>
          </div>
        ),
      },
    ],
    // decide only closes over stable mutation functions and t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, approve.isPending],
  );

  const addDealer = (
    <Button asChild>
      <Link to="/dashboard/adddealer">
        <UserPlusIcon aria-hidden />
        {t('nav.addDealer')}
      </Link>
    </Button>
  );

  if (dealers.isError) {
    return (
      <PageShell title={t('pages.dealers')}>
        <PageError message={t('common:errors.generic')} onRetry={() => void dealers.refetch()} />
      </PageShell>
    );
  }

  return (
    <PageShell title={t('pages.dealers')} description={t('dealers.description')} actions={addDealer}>
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle className="text-lg">{t('dealers.pendingTitle')}</CardTitle>
          <CardDescription>{t('dealers.pendingDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <DataTable
            label={t('dealers.pendingTitle')}
            columns={pendingColumns}
            data={pending}
            isLoading={dealers.isPending}
            getRowId={(d) => d.id}
            filterColumn="fullname"
            filterPlaceholder={t('dealers.filter')}
            urlPrefix="pending"
            emptyMessage={dealers.isPending ? undefined : t('dealers.noPending')}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle className="text-lg">{t('dealers.listTitle')}</CardTitle>
          <CardDescription>{t('dealers.listDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <DataTable
            label={t('dealers.listTitle')}
            columns={columns}
            data={others}
            isLoading={dealers.isPending}
            getRowId={(d) => d.id}
            filterColumn="fullname"
            filterPlaceholder={t('dealers.filter')}
            exportName="dealers"
            enableSelection
          />
        </CardContent>
      </Card>
      <DealerDetailsSheet dealerId={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('dealers.deleteTitle', { name: deleting?.fullname ?? '' })}
        description={t('dealers.deleteDescription')}
        confirmLabel={t('dealers.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
