import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { BrandOut } from '@meltway/shared/catalogue/brand.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { FrenchMissing } from '@/components/admin/french-missing';
import { dateColumn, descriptionColumn, nameThumbColumn, rowActionsColumn } from '@/components/data-table/columns';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { fetchBrandsPage, useDeleteBrand } from '../api/catalogue-admin';
import { catalogueKeys } from '../api/catalogue-keys';
import { BrandFormDialog } from '../components/brand-form-dialog';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { useErrorText } from '@/lib/error-text';
import { lacksFrench } from '@/lib/localized';

export default function AdminBrandsPage() {
  const { t, i18n } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useErrorText();
  const filtered = !!useTableUrlState().state.q;
  const remove = useDeleteBrand();
  const crud = useCrudDialogs<BrandOut>();
  const { edit, askDelete } = crud;
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<BrandOut>[]>(
    () => [
      nameThumbColumn<BrandOut>({
        header: t('admin.fields.name'),
        image: (b) => b.logo,
        badge: (b) => (lacksFrench([b.description, b.descriptionFr]) ? <FrenchMissing /> : null),
      }),
      descriptionColumn({ header: t('admin.fields.description'), value: (b) => b.description, empty: '—' }),
      dateColumn('created_at', t('dashboard:table.created'), language),
      rowActionsColumn(t('dashboard:table.actions'), { edit, remove: askDelete }),
    ],
    [t, language, edit, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.brands')}
      description={t('admin.brands.description')}
      actions={
        <Button onClick={crud.create}>
          <PlusIcon aria-hidden />
          {t('admin.brands.add')}
        </Button>
      }
    >
      <CatalogueTabs isAdmin />
      <DataTable
        mode="server"
        label={t('dashboard:pages.brands')}
        columns={columns}
        queryKey={catalogueKeys.admin('brands')}
        fetchPage={(request: PageRequest) => fetchBrandsPage(request)}
        getRowId={(b) => b.id}
        filterColumn="name"
        filterPlaceholder={t('admin.brands.filter')}
        exportName="brands"
        emptyMessage={filtered ? undefined : t('admin.brands.empty')}
      />
      <BrandFormDialog {...crud.formDialog} brand={crud.editing} />
      <ConfirmDialog
        {...crud.confirmDialog((brand) =>
          deleteWithToast(remove, brand.id, t('admin.brands.deleted', { name: brand.name }), (error) => errorText(error, t('admin.deleteFailed'))),
        )}
        title={t('admin.deleteTitle', { name: crud.deleting?.name ?? '' })}
        description={t('admin.brands.deleteDescription')}
        confirmLabel={t('admin.delete')}
      />
    </PageShell>
  );
}
