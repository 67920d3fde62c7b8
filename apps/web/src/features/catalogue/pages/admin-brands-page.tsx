import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon } from 'lucide-react';
import type { BrandOut } from '@meltway/shared/catalogue/brand.schema';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/features/accounts/components/confirm-dialog';
import { PageShell } from '@/features/dashboard/components/page-shell';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { fetchBrandsPage, useDeleteBrand } from '../api/catalogue-admin';
import { catalogueKeys } from '../api/catalogue-keys';
import { BrandFormDialog } from '../components/brand-form-dialog';
import { CatalogueTabs } from '../components/catalogue-tabs';
import { RowActions } from '../components/row-actions';
import { Thumb } from '../components/thumb';
import { useCatalogueError } from '../components/use-catalogue-message';

export default function AdminBrandsPage() {
  const { t, i18n } = useTranslation(['catalogue', 'dashboard']);
  const errorText = useCatalogueError();
  const filtered = !!useTableUrlState().state.q;
  const remove = useDeleteBrand();
  const [editing, setEditing] = useState<BrandOut | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<BrandOut | null>(null);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<BrandOut>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('admin.fields.name'),
        meta: { label: t('admin.fields.name') },
        cell: ({ row }) => (
          <span className="flex items-center gap-3 font-medium">
            <Thumb src={row.original.logo} />
            {row.original.name}
          </span>
        ),
      },
      {
        id: 'description',
        accessorFn: (b) => b.description ?? '',
        header: t('admin.fields.description'),
        enableSorting: false,
        meta: { label: t('admin.fields.description'), className: 'hidden md:table-cell' },
        cell: ({ row }) => <span className="line-clamp-2 max-w-96 text-muted-foreground">{row.original.description || '—'}</span>,
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('dashboard:table.created'),
        meta: { label: t('dashboard:table.created'), csv: (b) => b.created_at.slice(0, 10), className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at, language)}</span>,
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
    const brand = deleting;
    if (!brand) return;
    remove.mutate(brand.id, {
      onSuccess: () => notify.success(t('admin.brands.deleted', { name: brand.name })),
      onError: (error) => notify.error(errorText(error, t('admin.deleteFailed'))),
    });
  };

  return (
    <PageShell
      title={t('dashboard:pages.brands')}
      description={t('admin.brands.description')}
      actions={
        <Button onClick={() => setCreating(true)}>
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
      <BrandFormDialog
        open={creating || !!editing}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
        brand={editing}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('admin.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('admin.brands.deleteDescription')}
        confirmLabel={t('admin.delete')}
        onConfirm={confirmDelete}
      />
    </PageShell>
  );
}
