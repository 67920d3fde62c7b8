import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLinkIcon, PlusIcon } from 'lucide-react';
import type { HelpArticleOut } from '@meltway/shared/content/help.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { FrenchMissing } from '@/components/admin/french-missing';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { dateColumn, descriptionColumn, nameThumbColumn, rowActionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { useDeleteHelpArticle } from '../api/content-admin';
import { useHelpArticles } from '../api/help';
import { ExportSubscribersButton } from '../components/export-subscribers-button';
import { HelpArticleDialog } from '../components/help-article-dialog';
import { useErrorText } from '@/lib/error-text';
import { lacksFrench } from '@/lib/localized';

export default function AdminHelpPage() {
  const { t, i18n } = useTranslation(['content', 'dashboard']);
  const errorText = useErrorText();
  const filtered = !!useTableUrlState().state.q;
  const articles = useHelpArticles();
  const remove = useDeleteHelpArticle();
  const crud = useCrudDialogs<HelpArticleOut>();
  const { edit, askDelete } = crud;
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<HelpArticleOut>[]>(
    () => [
      nameThumbColumn<HelpArticleOut>({
        header: t('admin.help.name'),
        image: (a) => a.image,
        open: edit,
        className: 'min-w-48',
        badge: (a) => (lacksFrench([a.name, a.nameFr], [a.description, a.descriptionFr]) ? <FrenchMissing /> : null),
      }),
      descriptionColumn<HelpArticleOut>({ header: t('admin.help.descriptionField'), value: (a) => a.description }),
      {
        id: 'slug',
        accessorKey: 'slug',
        header: t('admin.help.page'),
        enableSorting: false,
        meta: { label: t('admin.help.page') },
        cell: ({ row }) => (
          <Link
            to={`/help/${encodeURIComponent(row.original.slug)}`}
            target="_blank"
            className="inline-flex items-center gap-1 whitespace-nowrap text-primary underline-offset-4 hover:underline"
          >
            {t('admin.help.open')}
            <span className="sr-only">: {row.original.name} {t('admin.newTab')}</span>
            <ExternalLinkIcon className="size-3.5" aria-hidden />
          </Link>
        ),
      },
      dateColumn<HelpArticleOut>('updated_at', t('admin.updated'), language),
      rowActionsColumn<HelpArticleOut>(t('dashboard:table.actions'), { edit, remove: askDelete }),
    ],
    [t, language, edit, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.helpCenter')}
      description={t('admin.help.description')}
      actions={
        <>
          <ExportSubscribersButton />
          <Button onClick={crud.create}>
            <PlusIcon aria-hidden />
            {t('admin.help.add')}
          </Button>
        </>
      }
    >
      <DataTable
        label={t('dashboard:pages.helpCenter')}
        columns={columns}
        data={articles.data}
        isLoading={articles.isPending}
        error={articles.error}
        onRetry={() => void articles.refetch()}
        getRowId={(a) => a.id}
        filterColumn="name"
        filterPlaceholder={t('admin.help.filter')}
        exportName="help-articles"
        emptyMessage={filtered ? undefined : t('admin.help.empty')}
      />
      <HelpArticleDialog
        {...crud.formDialog}
        article={crud.editing}
      />
      <ConfirmDialog
        {...crud.confirmDialog((article) => deleteWithToast(remove, article.id, t('admin.help.deleted', { name: article.name }), (error) => errorText(error, t('admin.deleteFailed'))))}
        title={t('admin.deleteTitle', { name: crud.deleting?.name ?? '' })}
        description={t('admin.help.deleteDescription')}
        confirmLabel={t('admin.delete')}
      />
    </PageShell>
  );
}
