import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { AwardIcon, PlusIcon } from 'lucide-react';
import type { CertificationOut } from '@meltway/shared/academy/certification.schema';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { notify } from '@/lib/notify';
import { useCertifications, useDeleteCertification } from '../api/certifications';
import { useAcademyMessage } from '../components/academy-text';
import { CertificationDialog } from '../components/certification-dialog';
import { deleteFailure } from '../components/delete-failure';
import { clip } from '../components/clip';
import { RowActions } from '../components/row-actions';

export default function CertificationsPage() {
  const { t } = useTranslation(['academy', 'dashboard']);
  const message = useAcademyMessage();
  const certifications = useCertifications();
  const remove = useDeleteCertification();
  const [editing, setEditing] = useState<CertificationOut | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<CertificationOut | null>(null);

  const columns = useMemo<ColumnDef<CertificationOut>[]>(
    () => [
      {
        id: 'image',
        header: () => <span className="sr-only">{t('fields.image')}</span>,
        enableSorting: false,
        enableHiding: false,
        meta: { className: 'w-14' },
        cell: ({ row }) =>
          row.original.image ? (
            <img src={row.original.image} alt="" className="size-10 rounded-md border object-cover" loading="lazy" />
          ) : (
            <span className="flex size-10 items-center justify-center rounded-md bg-muted" aria-hidden>
              <AwardIcon className="size-5 text-muted-foreground" />
            </span>
          ),
      },
      { accessorKey: 'name', header: t('fields.name'), meta: { label: t('fields.name') }, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      {
        accessorKey: 'description',
        header: t('fields.description'),
        meta: { label: t('fields.description') },
        enableSorting: false,
        cell: ({ row }) => clip(row.original.description, 60),
      },
      { accessorKey: 'courseTitle', header: t('certifications.course'), meta: { label: t('certifications.course') } },
      {
        accessorKey: 'passingScore',
        header: t('certifications.passingScore'),
        meta: { label: t('certifications.passingScore') },
        cell: ({ row }) => `${row.original.passingScore} %`,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('dashboard:table.actions')}</span>,
        enableHiding: false,
        cell: ({ row }) => <RowActions name={row.original.name} onEdit={() => setEditing(row.original)} onDelete={() => setDeleting(row.original)} />,
      },
    ],
    [t],
  );

  const confirmDelete = () => {
    const certification = deleting;
    if (!certification) return;
    remove.mutate(certification.id, {
      onSuccess: () => notify.success(t('certifications.deleted', { name: certification.name })),
      onError: (error) => notify.error(deleteFailure(error, message, t('certifications.deleteFailed'))),
    });
  };

  return (
    <PageShell
      title={t('dashboard:pages.certification')}
      description={t('certifications.description')}
      actions={
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden />
          {t('certifications.add')}
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.certification')}
        columns={columns}
        data={certifications.data}
        isLoading={certifications.isPending}
        error={certifications.error}
        onRetry={() => void certifications.refetch()}
        getRowId={(c) => c.id}
        filterColumn="name"
        filterPlaceholder={t('certifications.filter')}
        emptyMessage={certifications.data?.length ? undefined : t('certifications.empty')}
      />
      <CertificationDialog
        open={adding || !!editing}
        certification={editing}
        onOpenChange={(open) => {
          if (open) return;
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('certifications.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('certifications.deleteDescription')}
        confirmLabel={t('actions.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
