import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPlusIcon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { DataTable, type DataTableProps } from '@/components/data-table/data-table';
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
import { dealerColumns, pendingDealerColumns } from '../components/dealer-columns';

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

  const columns = useMemo(() => dealerColumns(t, language, { view: (d) => setViewing(d.id), remove: setDeleting }), [t, language]);
  const pendingColumns = useMemo(
    () => pendingDealerColumns(t, language, { view: (d) => setViewing(d.id), decide, deciding: approve.isPending }),
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
        <PageError message={t('common:messages.generic')} onRetry={() => void dealers.refetch()} />
      </PageShell>
    );
  }

  return (
    <PageShell title={t('pages.dealers')} description={t('dealers.description')} actions={addDealer}>
      <DealerList
        title={t('dealers.pendingTitle')}
        description={t('dealers.pendingDescription')}
        columns={pendingColumns}
        data={pending}
        isLoading={dealers.isPending}
        urlPrefix="pending"
        emptyMessage={dealers.isPending ? undefined : t('dealers.noPending')}
      />
      <DealerList
        title={t('dealers.listTitle')}
        description={t('dealers.listDescription')}
        columns={columns}
        data={others}
        isLoading={dealers.isPending}
        exportName="dealers"
        enableSelection
      />
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

type ListProps = Pick<DataTableProps<UserOut>, 'columns' | 'urlPrefix' | 'emptyMessage' | 'exportName' | 'enableSelection'> & {
  title: string;
  description: string;
  data: UserOut[];
  isLoading: boolean;
};

/** One of the page's two lists, under its own title and line of explanation, filtered by the dealer's name. */
function DealerList({ title, description, data, isLoading, ...table }: ListProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <DataTable label={title} data={data} isLoading={isLoading} getRowId={(d) => d.id} filterColumn="fullname" filterPlaceholder={t('dealers.filter')} {...table} />
      </CardContent>
    </Card>
  );
}
