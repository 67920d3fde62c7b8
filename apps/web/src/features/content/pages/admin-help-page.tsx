import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ExternalLinkIcon, PlusIcon } from 'lucide-react';
import type { HelpArticleOut } from '@meltway/shared/content/help.schema';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { RowActions } from '@/features/catalogue/components/row-actions';
import { Thumb } from '@/features/catalogue/components/thumb';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useDeleteHelpArticle } from '../api/content-admin';
import { useHelpArticles } from '../api/help';
import { ExportSubscribersButton } from '../components/export-subscribers-button';
import { HelpArticleDialog } from '../components/help-article-dialog';
import { useContentError } from '../components/use-content-message';

export default function AdminHelpPage() {
  const { t, i18n } = useTranslation(['content', 'dashboard']);
  const errorText = useContentError();
  const filtered = !!useTableUrlState().state.q;
  const articles = useHelpArticles();
  const remove = useDeleteHelpArticle();
  const [editing, setEditing] = useState<HelpArticleOut | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<HelpArticleOut | null>(null);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<HelpArticleOut>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('admin.help.name'),
        meta: { label: t('admin.help.name') },
        cell: ({ row }) => (
          <span className="flex min-w-48 items-center gap-3">
            <Thumb src={row.original.image} />
            <button type="button" className="rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring" onClick={() => setEditing(row.original)}>
              {row.original.name}
            </button>
          </span>
        ),
      },
      {
        id: 'description',
        accessorKey: 'description',
        header: t('admin.help.descriptionField'),
        enableSorting: false,
        meta: { label: t('admin.help.descriptionField'), className: 'hidden md:table-cell' },
        cell: ({ row }) => <span className="line-clamp-2 max-w-96 text-muted-foreground">{row.original.description}</span>,
      },
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
      {
        id: 'updated_at',
        accessorKey: 'updated_at',
        header: t('admin.updated'),
        meta: { label: t('admin.updated'), csv: (a) => a.updated_at.slice(0, 10), className: 'hidden sm:table-cell' },
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
    const article = deleting;
    if (!article) return;
    remove.mutate(article.id, {
      onSuccess: () => notify.success(t('admin.help.deleted', { name: article.name })),
      onError: (error) => notify.error(errorText(error, t('admin.deleteFailed'))),
    });
  };

  return (
    <PageShell
      title={t('dashboard:pages.helpCenter')}
      description={t('admin.help.description')}
      actions={
        <>
          <ExportSubscribersButton />
          <Button onClick={() => setCreating(true)}>
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
        open={creating || !!editing}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
        article={editing}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('admin.help.deleteDescription')}
        confirmLabel={t('admin.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
