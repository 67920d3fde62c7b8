import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from 'lucide-react';
import { PRODUCT_STATUSES } from '@meltway/shared/catalogue/limits';
import type { ProductSummary } from '@meltway/shared/catalogue/product.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { useCurrentUser } from '@/lib/session';
import { fetchAdminProductsPage, useDeleteProduct, type AdminProductFilters } from '../api/catalogue-admin';
import { catalogueKeys } from '../api/catalogue-keys';
import { useCategories } from '../api/categories';
import { adminProductColumns } from '../components/admin-product-columns';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { ProductFormDialog } from '../components/product-form-dialog';
import { useErrorText } from '@/lib/error-text';

export default function AdminProductsPage() {
  const { t, i18n } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useErrorText();
  const isAdmin = useCurrentUser()?.role === 'admin';
  const categories = useCategories();
  const { state, get, set } = useTableUrlState();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<string | undefined>();
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ProductSummary | null>(null);
  const language = i18n.resolvedLanguage;

  const categoryId = categories.data?.items.some((c) => c.id === get('category')) ? get('category') : undefined;
  const status = PRODUCT_STATUSES.find((s) => s === get('status')) ?? 'all';
  const filters: AdminProductFilters = { categoryId, status };
  const filtered = !!(state.q || categoryId || status !== 'all');

  const openEditor = (id?: string) => {
    setEditing(id);
    setFormOpen(true);
  };

  const columns = useMemo(
    () => adminProductColumns(t, language, isAdmin ? { edit: (p) => openEditor(p.id), remove: setDeleting } : undefined),
    [t, language, isAdmin],
  );

  const confirmDelete = () => {
    const product = deleting;
    if (!product) return;
    deleteWithToast(remove, product.id, t('admin.products.deleted', { name: product.name }), (error) => errorText(error, t('admin.deleteFailed')));
  };

  const toolbar = (
    <>
      <SelectFilter
        value={categoryId}
        onChange={(value) => set({ category: value })}
        label={t('admin.fields.category')}
        allLabel={t('filters.allCategories')}
        options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
      <SelectFilter
        value={status === 'all' ? undefined : status}
        onChange={(value) => set({ status: value })}
        label={t('admin.products.statusFilter')}
        allLabel={t('admin.products.statuses.all')}
        options={PRODUCT_STATUSES.filter((s) => s !== 'all').map((s) => ({ value: s, label: t(`admin.products.statuses.${s}`) }))}
        wide
      />
    </>
  );

  return (
    <PageShell
      title={t('dashboard:pages.products')}
      description={t(isAdmin ? 'admin.products.description' : 'admin.readOnly')}
      actions={
        isAdmin ? (
          <Button onClick={() => openEditor(undefined)}>
            <PlusIcon aria-hidden />
            {t('admin.products.add')}
          </Button>
        ) : null
      }
    >
      <CatalogueTabs isAdmin={isAdmin} />
      <DataTable
        mode="server"
        label={t('dashboard:pages.products')}
        columns={columns}
        queryKey={catalogueKeys.admin('products', filters)}
        fetchPage={(request: PageRequest) => fetchAdminProductsPage(request, filters)}
        getRowId={(p) => p.id}
        filterColumn="name"
        filterPlaceholder={t('admin.products.filter')}
        toolbar={toolbar}
        exportName="products"
        emptyMessage={filtered ? undefined : t(isAdmin ? 'admin.products.empty' : 'admin.products.emptyReadOnly')}
      />
      {isAdmin ? (
        <>
          <ProductFormDialog open={formOpen} onOpenChange={setFormOpen} productId={editing} />
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t('admin.deleteTitle', { name: deleting?.name ?? '' })}
            description={t('admin.products.deleteDescription')}
            confirmLabel={t('admin.delete')}
            onConfirm={confirmDelete}
          />
        </>
      ) : null}
    </PageShell>
  );
}
