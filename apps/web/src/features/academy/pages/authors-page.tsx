import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, UserRoundIcon } from 'lucide-react';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { notify } from '@/lib/notify';
import { useDeleteAuthor, useAuthors, type Author } from '../api/authors';
import { useAcademyMessage } from '../components/academy-text';
import { AuthorDialog } from '../components/author-dialog';
import { clip } from '../components/clip';
import { RowActions } from '../components/row-actions';
import { deleteFailure } from '../components/delete-failure';

export default function AuthorsPage() {
  const { t } = useTranslation(['academy', 'dashboard']);
  const message = useAcademyMessage();
  const authors = useAuthors();
  const remove = useDeleteAuthor();
  const [editing, setEditing] = useState<Author | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Author | null>(null);

  const columns = useMemo<ColumnDef<Author>[]>(
    () => [
      {
        id: 'image',
        header: () => <span className="sr-only">{t('fields.image')}</span>,
        enableSorting: false,
        enableHiding: false,
        cell: ({ row }) =>
          row.original.image ? (
            <img src={row.original.image} alt="" className="size-10 rounded-full border object-cover" loading="lazy" />
          ) : (
            <span className="flex size-10 items-center justify-center rounded-full bg-muted" aria-hidden>
              <UserRoundIcon className="size-5 text-muted-foreground" />
            </span>
          ),
        meta: { className: 'w-14' },
      },
      { accessorKey: 'name', header: t('fields.name'), meta: { label: t('fields.name') }, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      {
        accessorKey: 'description',
        header: t('fields.description'),
        meta: { label: t('fields.description') },
        enableSorting: false,
        cell: ({ row }) => <span title={row.original.description}>{clip(row.original.description, 80)}</span>,
      },
      { accessorKey: 'courseCount', header: t('authors.courses'), meta: { label: t('authors.courses') } },
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
    const author = deleting;
    if (!author) return;
    remove.mutate(author.id, {
      onSuccess: () => notify.success(t('authors.deleted', { name: author.name })),
      onError: (error) => notify.error(deleteFailure(error, message, t('authors.deleteFailed'))),
    });
  };

  return (
    <PageShell
      title={t('dashboard:pages.authors')}
      description={t('authors.description')}
      actions={
        <Button onClick={() => setAdding(true)}>
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
        open={adding || !!editing}
        author={editing}
        onOpenChange={(open) => {
          if (open) return;
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('authors.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('authors.deleteDescription')}
        confirmLabel={t('actions.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
