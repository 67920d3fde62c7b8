import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { FaqOut } from '@meltway/shared/content/faq.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { FrenchMissing } from '@/components/admin/french-missing';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { OpenButton, dateColumn, descriptionColumn, rowActionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { useDeleteFaq } from '../api/content-admin';
import { useFaqs } from '../api/help';
import { FaqDialog } from '../components/faq-dialog';
import { useErrorText } from '@/lib/error-text';
import { lacksFrench } from '@/lib/localized';

export default function AdminFaqPage() {
  const { t, i18n } = useTranslation(['content', 'dashboard']);
  const errorText = useErrorText();
  const filtered = !!useTableUrlState().state.q;
  const faqs = useFaqs();
  const remove = useDeleteFaq();
  const crud = useCrudDialogs<FaqOut>();
  const { edit, askDelete } = crud;
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<FaqOut>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('admin.faq.question'),
        meta: { label: t('admin.faq.question') },
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-2">
            <OpenButton className="min-w-48" onClick={() => edit(row.original)}>
              {row.original.name}
            </OpenButton>
            {lacksFrench([row.original.name, row.original.nameFr], [row.original.description, row.original.descriptionFr]) ? <FrenchMissing /> : null}
          </span>
        ),
      },
      descriptionColumn<FaqOut>({ header: t('admin.faq.answer'), value: (f) => f.description, width: 'max-w-md' }),
      dateColumn<FaqOut>('updated_at', t('admin.updated'), language),
      rowActionsColumn<FaqOut>(t('dashboard:table.actions'), { edit, remove: askDelete }),
    ],
    [t, language, edit, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.faq')}
      description={t('admin.faq.description')}
      actions={
        <Button onClick={crud.create}>
          <PlusIcon aria-hidden />
          {t('admin.faq.add')}
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.faq')}
        columns={columns}
        data={faqs.data}
        isLoading={faqs.isPending}
        error={faqs.error}
        onRetry={() => void faqs.refetch()}
        getRowId={(f) => f.id}
        filterColumn="name"
        filterPlaceholder={t('admin.faq.filter')}
        exportName="faq"
        emptyMessage={filtered ? undefined : t('admin.faq.empty')}
      />
      <FaqDialog
        {...crud.formDialog}
        faq={crud.editing}
      />
      <ConfirmDialog
        {...crud.confirmDialog((faq) => deleteWithToast(remove, faq.id, t('admin.faq.deleted'), (error) => errorText(error, t('admin.deleteFailed'))))}
        title={t('admin.faq.deleteTitle')}
        description={t('admin.faq.deleteDescription', { question: crud.deleting?.name ?? '' })}
        confirmLabel={t('admin.delete')}
      />
    </PageShell>
  );
}
