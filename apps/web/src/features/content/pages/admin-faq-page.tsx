import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { FaqOut } from '@meltway/shared/content/faq.schema';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { RowActions } from '@/features/catalogue/components/row-actions';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDeleteFaq } from '../api/content-admin';
import { useFaqs } from '../api/help';
import { FaqDialog } from '../components/faq-dialog';
import { useContentError } from '../components/use-content-message';

export default function AdminFaqPage() {
  const { t, i18n } = useTranslation(['content', 'dashboard']);
  const errorText = useContentError();
  const filtered = !!useTableUrlState().state.q;
  const faqs = useFaqs();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<FaqOut | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<FaqOut | null>(null);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<FaqOut>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('admin.faq.question'),
        meta: { label: t('admin.faq.question') },
        cell: ({ row }) => (
          <button type="button" className="min-w-48 rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring" onClick={() => setEditing(row.original)}>
            {row.original.name}
          </button>
        ),
      },
      {
        id: 'description',
        accessorKey: 'description',
        header: t('admin.faq.answer'),
        enableSorting: false,
        meta: { label: t('admin.faq.answer'), className: 'hidden md:table-cell' },
        cell: ({ row }) => <span className="line-clamp-2 max-w-md text-muted-foreground">{row.original.description}</span>,
      },
      {
        id: 'updated_at',
        accessorKey: 'updated_at',
        header: t('admin.updated'),
        meta: { label: t('admin.updated'), csv: (f) => f.updated_at.slice(0, 10), className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updated_at, language)}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('dashboard:table.actions')}</span>,
        enableHiding: false,
        enableSorting: false,
        cell: ({ row }) => (
          <RowActions name={row.original.name} onEdit={() => setEditing(row.original)} onDelete={() => setDeleting(row.original)} />
        ),
      },
    ],
    [t, language],
  );

  const confirmDelete = () => {
    const faq = deleting;
    if (!faq) return;
    remove.mutate(faq.id, {
      onSuccess: () => notify.success(t('admin.faq.deleted')),
      onError: (error) => notify.error(errorText(error, t('admin.deleteFailed'))),
    });
  };

  return (
    <PageShell
      title={t('dashboard:pages.faq')}
      description={t('admin.faq.description')}
      actions={
        <Button onClick={() => setCreating(true)}>
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
        open={creating || !!editing}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
        faq={editing}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.faq.deleteTitle')}
        description={t('admin.faq.deleteDescription', { question: deleting?.name ?? '' })}
        confirmLabel={t('admin.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
