import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { CheckIcon, EyeIcon, Trash2Icon, UserPlusIcon, XIcon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageError, PageShell } from '@/components/dashboard/page-shell';
import { notify } from '@/lib/notify';
import { errorText } from '@/lib/error-text';
import { useApproveUser } from '../api/approve-user';
import { useDealers } from '../api/dealers';
import { useDeleteUser } from '../api/delete-user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DealerDetailsSheet } from '../components/dealer-details-sheet';
import { userColumns } from '../components/user-columns';

type Props = {
  /** Sections other features add to a dealer's details (its credit), composed in app/. */
  dealerExtra?: (dealer: UserOut) => ReactNode;
};

export default function DealersPage({ dealerExtra }: Props = {}) {
  const { t, i18n } = useTranslation(['dashboard', 'accounts', 'common']);
  const dealers = useDealers();
  const approve = useApproveUser();
  const remove = useDeleteUser();
  const [viewing, setViewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<UserOut | null>(null);
  const language = i18n.resolvedLanguage;

  useEffect(() => {
    if (dealers.isError) notify.error(errorText(t, dealers.error, t('dealers.messages.fetchFailed')));
  }, [dealers.isError, dealers.error, t]);

  const decide = (dealer: UserOut, status: 'approved' | 'inactive') =>
    approve.mutate(
      { id: dealer.id, status },
      {
        onSuccess: () =>
          notify.success(t(status === 'approved' ? 'dealers.approved' : 'dealers.rejected', { name: dealer.fullname })),
        onError: (error) =>
          notify.error(
            errorText(t, error, t(status === 'approved' ? 'dealers.messages.approveFailed' : 'dealers.messages.rejectFailed')),
          ),
      },
    );

  const confirmDelete = () => {
    const dealer = deleting;
    if (!dealer) return;
    remove.mutate(dealer.id, {
      onSuccess: () => notify.success(t('dealers.deleted', { name: dealer.fullname })),
      onError: (error) => notify.error(errorText(t, error, t('dealers.messages.deleteFailed'))),
    });
  };

  const { pending, others } = useMemo(() => {
    const all = dealers.data ?? [];
    return { pending: all.filter((d) => d.status === 'pending'), others: all.filter((d) => d.status !== 'pending') };
  }, [dealers.data]);

  const columns = useMemo<ColumnDef<UserOut>[]>(() => {
    const c = userColumns(t, language);
    const open = (d: UserOut) => setViewing(d.id);
    return [
      c.name(open),
      c.email(),
      {
        id: 'phone',
        accessorFn: (d) => (d.phone ? `${d.phoneCode ?? ''} ${d.phone}`.trim() : ''),
        header: t('accounts:fields.phone'),
        meta: { label: t('accounts:fields.phone') },
        enableSorting: false,
      },
      c.status((d) => (d.status === 'approved' ? 'approved' : 'inactive')),
      c.created(),
      c.actions((d) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" className="size-8" onClick={() => open(d)} aria-label={t('dealers.viewOne', { name: d.fullname })}>
            <EyeIcon aria-hidden />
          </Button>
          {d.status === 'approved' ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              onClick={() => setDeleting(d)}
              aria-label={t('dealers.deleteOne', { name: d.fullname })}
            >
              <Trash2Icon aria-hidden />
            </Button>
          ) : null}
        </div>
      )),
    ];
  }, [t, language]);

  const pendingColumns = useMemo<ColumnDef<UserOut>[]>(() => {
    const c = userColumns(t, language);
    return [
      c.name((d) => setViewing(d.id)),
      c.email(),
      c.created(),
      c.actions((d) => (
        <div className="flex justify-end gap-2">
          <Button size="sm" onClick={() => decide(d, 'approved')} disabled={approve.isPending} aria-label={t('dealers.approveOne', { name: d.fullname })}>
            <CheckIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('dealers.approve')}</span>
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => decide(d, 'inactive')}
            disabled={approve.isPending}
            aria-label={t('dealers.rejectOne', { name: d.fullname })}
          >
            <XIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('dealers.reject')}</span>
          </Button>
        </div>
      )),
    ];
    // decide only closes over stable mutation functions and t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, language, approve.isPending]);

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
        <PageError message={t('common:messages.generic')} onRetry={() => void dealers.refetch()} />
      </PageShell>
    );
  }

  return (
    <PageShell title={t('pages.dealers')} description={t('dealers.description')} actions={addDealer}>
      <ListCard title={t('dealers.pendingTitle')} description={t('dealers.pendingDescription')}>
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
      </ListCard>
      <ListCard title={t('dealers.listTitle')} description={t('dealers.listDescription')}>
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
      </ListCard>
      <DealerDetailsSheet dealerId={viewing} onClose={() => setViewing(null)} extra={dealerExtra} />
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

/** One of the page's two lists, under its own title and line of explanation. */
function ListCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}
