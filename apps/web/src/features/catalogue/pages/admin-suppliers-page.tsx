import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { SupplierOut } from '@meltway/shared/catalogue/supplier.schema';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { notify } from '@/lib/notify';
import { fetchSuppliersPage, useDeleteSupplier } from '../api/catalogue-admin';
import { catalogueKeys } from '../api/catalogue-keys';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { RowActions } from '../components/row-actions';
import { SupplierFormDialog } from '../components/supplier-form-dialog';
import { useCatalogueError } from '../components/use-catalogue-message';

export default function AdminSuppliersPage() {
  const { t } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useCatalogueError();
  const filtered = !!useTableUrlState().state.q;
  const remove = useDeleteSupplier();
  const [editing, setEditing] = useState<SupplierOut | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SupplierOut | null>(null);

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
    [t],
  );

  const confirmDelete = () => {
    const supplier = deleting;
    if (!supplier) return;
    remove.mutate(supplier.id, {
      onSuccess: () => notify.success(t('admin.suppliers.deleted', { name: supplier.name })),
      onError: (error) => notify.error(errorText(error, t('admin.deleteFailed'))),
    });
  };

  return (
    <PageShell
      title={t('dashboard:pages.suppliers')}
      description={t('admin.suppliers.description')}
      actions={
        <Button onClick={() => setCreating(true)}>
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
        open={creating || !!editing}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
        supplier={editing}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('admin.suppliers.deleteDescription')}
        confirmLabel={t('admin.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
