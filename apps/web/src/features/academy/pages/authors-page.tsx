import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, UserRoundIcon } from 'lucide-react';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { imageColumn, rowActionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { useDeleteAuthor, useAuthors, type Author } from '../api/authors';
import { useErrorText } from '@/lib/error-text';
import { AuthorDialog } from '../components/author-dialog';
import { clip } from '../components/clip';

export default function AuthorsPage() {
  const { t } = useTranslation(['academy', 'dashboard']);
  const errorText = useErrorText();
  const authors = useAuthors();
  const remove = useDeleteAuthor();
  const crud = useCrudDialogs<Author>();
  const { edit, askDelete } = crud;

  const columns = useMemo<ColumnDef<Author>[]>(
    () => [
      imageColumn<Author>({ header: t('fields.image'), src: (a) => a.image, icon: UserRoundIcon, round: true }),
      { accessorKey: 'name', header: t('fields.name'), meta: { label: t('fields.name') }, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      {
        accessorKey: 'description',
        header: t('fields.description'),
        // Hidden on phones, where it squeezed into a narrow column of single words.
        meta: { label: t('fields.description'), className: 'hidden md:table-cell' },
        enableSorting: false,
        cell: ({ row }) => <span title={row.original.description}>{clip(row.original.description, 80)}</span>,
      },
      { accessorKey: 'courseCount', header: t('authors.courses'), meta: { label: t('authors.courses') } },
      rowActionsColumn<Author>(t('dashboard:table.actions'), { edit, remove: askDelete }),
    ],
    [t, edit, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.authors')}
      description={t('authors.description')}
      actions={
        <Button onClick={crud.create}>
          <PlusIcon aria-hidden />
          {t('authors.add')}
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.authors')}
        columns={columns}
        data={authors.data}
        isLoading={authors.isPending}
        error={authors.error}
        onRetry={() => void authors.refetch()}
        getRowId={(a) => a.id}
        filterColumn="name"
        filterPlaceholder={t('authors.filter')}
        emptyMessage={authors.data?.length ? undefined : t('authors.empty')}
      />
      <AuthorDialog
        {...crud.formDialog}
        author={crud.editing}
      />
      <ConfirmDialog
        {...crud.confirmDialog((author) => deleteWithToast(remove, author.id, t('authors.deleted', { name: author.name }), (error) => errorText(error, t('authors.deleteFailed'))))}
        title={t('authors.deleteTitle', { name: crud.deleting?.name ?? '' })}
        description={t('authors.deleteDescription')}
        confirmLabel={t('actions.delete')}
      />
    </PageShell>
  );
}
