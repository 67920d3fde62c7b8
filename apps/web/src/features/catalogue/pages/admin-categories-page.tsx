import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { CategoryOut } from '@meltway/shared/catalogue/category.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { FrenchMissing } from '@/components/admin/french-missing';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { dateColumn, descriptionColumn, nameThumbColumn, rowActionsColumn } from '@/components/data-table/columns';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { lacksFrench } from '@/lib/localized';
import { useCurrentUser } from '@/lib/session';
import { fetchCategoriesPage, useDeleteCategory } from '../api/catalogue-admin';
import { catalogueKeys } from '../api/catalogue-keys';
import { useCategories } from '../api/categories';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { useErrorText } from '@/lib/error-text';

export default function AdminCategoriesPage() {
  const { t, i18n } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useErrorText();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const all = useCategories();
  const filtered = !!useTableUrlState().state.q;
  const remove = useDeleteCategory();
  const crud = useCrudDialogs<CategoryOut>();
  const { edit, askDelete } = crud;
  const language = i18n.resolvedLanguage;
  const nameOf = useMemo(() => new Map((all.data?.items ?? []).map((c) => [c.id, c.name])), [all.data]);

  const columns = useMemo<ColumnDef<CategoryOut>[]>(
    () => [
      nameThumbColumn<CategoryOut>({
        header: t('admin.fields.name'),
        image: (c) => c.image,
        badge: (c) => (lacksFrench([c.name, c.nameFr], [c.description, c.descriptionFr]) ? <FrenchMissing /> : null),
      }),
      {
        id: 'parent',
        accessorFn: (c) => (c.parentId ? (nameOf.get(c.parentId) ?? '') : ''),
        header: t('admin.fields.parent'),
        enableSorting: false,
        meta: { label: t('admin.fields.parent') },
        cell: ({ getValue }) => (getValue<string>() || '—'),
      },
      descriptionColumn<CategoryOut>({ header: t('admin.fields.description'), value: (c) => c.description, width: 'max-w-80', empty: '—' }),
      {
        id: 'productCount',
        accessorKey: 'productCount',
        header: t('admin.fields.products'),
        enableSorting: false,
        meta: { label: t('admin.fields.products'), className: 'text-right tabular-nums' },
      },
      dateColumn<CategoryOut>('created_at', t('dashboard:table.created'), language),
      ...(isAdmin ? [rowActionsColumn<CategoryOut>(t('dashboard:table.actions'), { edit, remove: askDelete })] : []),
    ],
    [t, language, nameOf, isAdmin, edit, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.categories')}
      description={t(isAdmin ? 'admin.categories.description' : 'admin.readOnly')}
      actions={
        isAdmin ? (
          <Button onClick={crud.create}>
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
          <CategoryFormDialog {...crud.formDialog} category={crud.editing} categories={all.data?.items ?? []} />
          <ConfirmDialog
            {...crud.confirmDialog((category) =>
              deleteWithToast(remove, category.id, t('admin.categories.deleted', { name: category.name }), (error) =>
                errorText(error, t('admin.deleteFailed')),
              ),
            )}
            title={t('admin.deleteTitle', { name: crud.deleting?.name ?? '' })}
            description={t('admin.categories.deleteDescription')}
            confirmLabel={t('admin.delete')}
          />
        </>
      ) : null}
    </PageShell>
  );
}
