import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { AwardIcon, PlusIcon } from 'lucide-react';
import type { CertificationOut } from '@meltway/shared/academy/certification.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { FrenchMissing } from '@/components/admin/french-missing';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { imageColumn, rowActionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { useCertifications, useDeleteCertification } from '../api/certifications';
import { useErrorText } from '@/lib/error-text';
import { lacksFrench } from '@/lib/localized';
import { CertificationDialog } from '../components/certification-dialog';
import { clip } from '../components/clip';

export default function CertificationsPage() {
  const { t } = useTranslation(['academy', 'dashboard']);
  const errorText = useErrorText();
  const certifications = useCertifications();
  const remove = useDeleteCertification();
  const crud = useCrudDialogs<CertificationOut>();
  const { edit, askDelete } = crud;

  const columns = useMemo<ColumnDef<CertificationOut>[]>(
    () => [
      imageColumn<CertificationOut>({ header: t('fields.image'), src: (c) => c.image, icon: AwardIcon }),
      {
        accessorKey: 'name',
        header: t('fields.name'),
        meta: { label: t('fields.name') },
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{row.original.name}</span>
            {lacksFrench([row.original.name, row.original.nameFr], [row.original.description, row.original.descriptionFr]) ? <FrenchMissing /> : null}
          </span>
        ),
      },
      {
        accessorKey: 'description',
        header: t('fields.description'),
        // Hidden on phones, where it squeezed into a narrow column of single words.
        meta: { label: t('fields.description'), className: 'hidden md:table-cell' },
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
      rowActionsColumn<CertificationOut>(t('dashboard:table.actions'), { edit, remove: askDelete }),
    ],
    [t, edit, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.certification')}
      description={t('certifications.description')}
      actions={
        <Button onClick={crud.create}>
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
        {...crud.formDialog}
        certification={crud.editing}
      />
      <ConfirmDialog
        {...crud.confirmDialog((certification) => deleteWithToast(remove, certification.id, t('certifications.deleted', { name: certification.name }), (error) => errorText(error, t('certifications.deleteFailed'))))}
        title={t('certifications.deleteTitle', { name: crud.deleting?.name ?? '' })}
        description={t('certifications.deleteDescription')}
        confirmLabel={t('actions.delete')}
      />
    </PageShell>
  );
}
