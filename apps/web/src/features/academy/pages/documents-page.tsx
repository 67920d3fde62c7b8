import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLinkIcon, FileTextIcon, UploadIcon } from 'lucide-react';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { rowActionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { localeTag } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { fetchDocFile, useDeleteDoc, useDocs, type Doc } from '../api/documents';
import { useErrorText } from '@/lib/error-text';
import { DocDialog } from '../components/doc-dialog';

export default function DocumentsPage() {
  const { t, i18n } = useTranslation(['academy', 'dashboard']);
  const language = i18n.resolvedLanguage;
  const errorText = useErrorText();
  const docs = useDocs();
  const remove = useDeleteDoc();
  const crud = useCrudDialogs<Doc>();
  const { askDelete } = crud;

  const columns = useMemo<ColumnDef<Doc>[]>(() => {
    // The tab opens inside the click, so pop-up blockers let it through; the address follows once known.
    const open = async (doc: Doc) => {
      const tab = window.open('', '_blank');
      if (tab) tab.opener = null;
      try {
        const { image } = await fetchDocFile(doc.id);
        if (tab) tab.location.href = image;
        else window.location.assign(image);
      } catch {
        tab?.close();
        notify.error(t('docs.openFailed'));
      }
    };
    return [
      {
        accessorKey: 'name',
        header: t('fields.name'),
        meta: { label: t('fields.name') },
        cell: ({ row }) => (
          <span className="flex items-center gap-2 font-medium">
            <FileTextIcon className="size-4 shrink-0 text-primary" aria-hidden />
            {row.original.name}
          </span>
        ),
      },
      {
        accessorKey: 'size',
        header: t('docs.size'),
        meta: { label: t('docs.size') },
        cell: ({ row }) => formatBytes(row.original.size, language),
      },
      { accessorKey: 'lessonCount', header: t('docs.usedIn'), meta: { label: t('docs.usedIn') } },
      {
        id: 'open',
        header: () => <span className="sr-only">{t('docs.open')}</span>,
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) => (
          <Button variant="link" size="inline" onClick={() => void open(row.original)} aria-label={t('docs.openOne', { name: row.original.name })}>
            <ExternalLinkIcon aria-hidden />
            {t('docs.open')}
          </Button>
        ),
      },
      rowActionsColumn<Doc>(t('dashboard:table.actions'), { remove: askDelete }),
    ];
  }, [t, language, askDelete]);

  return (
    <PageShell
      title={t('dashboard:pages.documents')}
      description={t('docs.description')}
      actions={
        <Button onClick={crud.create}>
          <UploadIcon aria-hidden />
          {t('docs.add')}
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.documents')}
        columns={columns}
        data={docs.data}
        isLoading={docs.isPending}
        error={docs.error}
        onRetry={() => void docs.refetch()}
        getRowId={(d) => d.id}
        filterColumn="name"
        filterPlaceholder={t('docs.filter')}
        emptyMessage={docs.data?.length ? undefined : t('docs.empty')}
      />
      <DocDialog {...crud.formDialog} />
      <ConfirmDialog
        {...crud.confirmDialog((doc) => deleteWithToast(remove, doc.id, t('docs.deleted', { name: doc.name }), (error) => errorText(error, t('docs.deleteFailed'))))}
        title={t('docs.deleteTitle', { name: crud.deleting?.name ?? '' })}
        description={t('docs.deleteDescription')}
        confirmLabel={t('actions.delete')}
      />
    </PageShell>
  );
}

/** A file size in kB or MB, in the reader's locale. */
function formatBytes(bytes: number, language?: string) {
  const mb = bytes >= 1024 * 1024;
  const value = mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024));
  return `${new Intl.NumberFormat(localeTag(language), { maximumFractionDigits: 1 }).format(value)} ${mb ? 'MB' : 'kB'}`;
}
