import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { DataTable } from '@/components/data-table/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageShell } from '@/components/dashboard/page-shell';
import { notify } from '@/lib/notify';
import { errorText } from '@/lib/error-text';
import { useCurrentUser } from '@/lib/session';
import { useAdmins } from '../api/admins';
import { useDeleteUser } from '../api/delete-user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { InviteAdminDialog } from '../components/invite-admin-dialog';
import { userColumns } from '../components/user-columns';

export default function AdminsPage() {
  const { t, i18n } = useTranslation(['dashboard', 'accounts']);
  const me = useCurrentUser();
  const admins = useAdmins();
  const remove = useDeleteUser();
  const [removing, setRemoving] = useState<UserOut | null>(null);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<UserOut>[]>(
    () => {
      const c = userColumns(t, language);
      return [
        c.name(undefined, (a) => (a.id === me?.id ? <Badge variant="outline">{t('admins.you')}</Badge> : null)),
        c.email(),
        c.status(),
        c.created(),
        c.actions((a) => (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              onClick={() => setRemoving(a)}
              aria-label={t('admins.removeOne', { name: a.fullname })}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </div>
        )),
      ];
    },
    [t, language, me?.id],
  );

  const confirmRemove = () => {
    const admin = removing;
    if (!admin) return;
    remove.mutate(admin.id, {
      onSuccess: () => notify.success(t('admins.removed', { name: admin.fullname })),
      onError: (error) => notify.error(errorText(t, error, t('admins.removeFailed'))),
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
