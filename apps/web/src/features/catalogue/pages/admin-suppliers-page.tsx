import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { SupplierOut } from '@meltway/shared/catalogue/supplier.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { rowActionsColumn } from '@/components/data-table/columns';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { fetchSuppliersPage, useDeleteSupplier } from '../api/catalogue-admin';
import { catalogueKeys } from '../api/catalogue-keys';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { SupplierFormDialog } from '../components/supplier-form-dialog';
import { useErrorText } from '@/lib/error-text';

export default function AdminSuppliersPage() {
  const { t } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useErrorText();
  const filtered = !!useTableUrlState().state.q;
  const remove = useDeleteSupplier();
  const crud = useCrudDialogs<SupplierOut>();
  const { edit, askDelete } = crud;

  const columns = useMemo<ColumnDef<SupplierOut>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('admin.fields.name'),
        meta: { label: t('admin.fields.name') },
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      { id: 'contact', accessorKey: 'contact', header: t('admin.fields.contact'), enableSorting: false, meta: { label: t('admin.fields.contact') } },
      {
        id: 'email',
        accessorKey: 'email',
        header: t('admin.fields.email'),
        enableSorting: false,
        meta: { label: t('admin.fields.email') },
        cell: ({ row }) => (
          <a href={`mailto:${row.original.email}`} className="text-primary underline-offset-4 hover:underline">
            {row.original.email}
          </a>
        ),
      },
      {
        id: 'phone',
        accessorKey: 'phone',
        header: t('admin.fields.phone'),
        enableSorting: false,
        meta: { label: t('admin.fields.phone'), className: 'whitespace-nowrap' },
      },
      rowActionsColumn<SupplierOut>(t('dashboard:table.actions'), { edit, remove: askDelete }),
    ],
    [t, edit, askDelete],
  );

  return (
    <PageShell
      title={t('dashboard:pages.suppliers')}
      description={t('admin.suppliers.description')}
      actions={
        <Button onClick={crud.create}>
          <PlusIcon aria-hidden />
          {t('admin.suppliers.add')}
        </Button>
      }
    >
      <CatalogueTabs isAdmin />
      <DataTable
        mode="server"
        label={t('dashboard:pages.suppliers')}
        columns={columns}
        queryKey={catalogueKeys.admin('suppliers')}
        fetchPage={(request: PageRequest) => fetchSuppliersPage(request)}
        getRowId={(s) => s.id}
        filterColumn="name"
        filterPlaceholder={t('admin.suppliers.filter')}
        exportName="suppliers"
        emptyMessage={filtered ? undefined : t('admin.suppliers.empty')}
      />
      <SupplierFormDialog
        {...crud.formDialog}
        supplier={crud.editing}
      />
      <ConfirmDialog
        {...crud.confirmDialog((supplier) => deleteWithToast(remove, supplier.id, t('admin.suppliers.deleted', { name: supplier.name }), (error) => errorText(error, t('admin.deleteFailed'))))}
        title={t('admin.deleteTitle', { name: crud.deleting?.name ?? '' })}
        description={t('admin.suppliers.deleteDescription')}
        confirmLabel={t('admin.delete')}
      />
    </PageShell>
  );
}
