import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { CategoryOut } from '@meltway/shared/catalogue/category.schema';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { fetchCategoriesPage, useDeleteCategory } from '../api/catalogue-admin';
import { catalogueKeys } from '../api/catalogue-keys';
import { useCategories } from '../api/categories';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { RowActions } from '../components/row-actions';
import { Thumb } from '../components/thumb';
import { useCatalogueError } from '../components/use-catalogue-message';

export default function AdminCategoriesPage() {
  const { t, i18n } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useCatalogueError();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const all = useCategories();
  const filtered = !!useTableUrlState().state.q;
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<CategoryOut | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<CategoryOut | null>(null);
  const language = i18n.resolvedLanguage;
  const nameOf = useMemo(() => new Map((all.data?.items ?? []).map((c) => [c.id, c.name])), [all.data]);

  const columns = useMemo<ColumnDef<CategoryOut>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('admin.fields.name'),
        meta: { label: t('admin.fields.name') },
        cell: ({ row }) => (
          <span className="flex items-center gap-3 font-medium">
            <Thumb src={row.original.image} />
            {row.original.name}
          </span>
        ),
      },
      {
        id: 'parent',
        accessorFn: (c) => (c.parentId ? (nameOf.get(c.parentId) ?? '') : ''),
        header: t('admin.fields.parent'),
        enableSorting: false,
        meta: { label: t('admin.fields.parent') },
        cell: ({ getValue }) => (getValue<string>() || '—'),
      },
      {
        id: 'description',
        accessorKey: 'description',
        header: t('admin.fields.description'),
        enableSorting: false,
        meta: { label: t('admin.fields.description'), className: 'hidden md:table-cell' },
        cell: ({ row }) => <span className="line-clamp-2 max-w-80 text-muted-foreground">{row.original.description || '—'}</span>,
      },
      {
        id: 'productCount',
        accessorKey: 'productCount',
        header: t('admin.fields.products'),
        enableSorting: false,
        meta: { label: t('admin.fields.products'), className: 'text-right tabular-nums' },
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('dashboard:table.created'),
        meta: { label: t('dashboard:table.created'), csv: (c) => c.created_at.slice(0, 10), className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at, language)}</span>,
      },
      ...(isAdmin
        ? [
            {
              id: 'actions',
              header: () => <span className="sr-only">{t('dashboard:table.actions')}</span>,
              enableHiding: false,
              enableSorting: false,
              cell: ({ row }) => (
                <RowActions name={row.original.name} onEdit={() => setEditing(row.original)} onDelete={() => setDeleting(row.original)} />
              ),
            } satisfies ColumnDef<CategoryOut>,
          ]
        : []),
    ],
    [t, language, nameOf, isAdmin],
  );

  const confirmDelete = () => {
    const category = deleting;
    if (!category) return;
    remove.mutate(category.id, {
      onSuccess: () => notify.success(t('admin.categories.deleted', { name: category.name })),
      onError: (error) => notify.error(errorText(error, t('admin.deleteFailed'))),
    });
  };

  return (
    <PageShell
      title={t('dashboard:pages.categories')}
      description={t(isAdmin ? 'admin.categories.description' : 'admin.readOnly')}
      actions={
        isAdmin ? (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            {t('admin.categories.add')}
          </Button>
        ) : null
      }
    >
      <CatalogueTabs isAdmin={isAdmin} />
      <DataTable
        mode="server"
        label={t('dashboard:pages.categories')}
        columns={columns}
        queryKey={catalogueKeys.admin('categories')}
        fetchPage={(request: PageRequest) => fetchCategoriesPage(request)}
        getRowId={(c) => c.id}
        filterColumn="name"
        filterPlaceholder={t('admin.categories.filter')}
        exportName="categories"
        emptyMessage={filtered ? undefined : t(isAdmin ? 'admin.categories.empty' : 'admin.categories.emptyReadOnly')}
      />
      {isAdmin ? (
        <>
          <CategoryFormDialog
            open={creating || !!editing}
            onOpenChange={(open) => {
              if (!open) {
                setCreating(false);
                setEditing(null);
              }
            }}
            category={editing}
            categories={all.data?.items ?? []}
          />
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t('admin.deleteTitle', { name: deleting?.name ?? '' })}
            description={t('admin.categories.deleteDescription')}
            confirmLabel={t('admin.delete')}
            onConfirm={confirmDelete}
          />
        </>
      ) : null}
    </PageShell>
  );
}
