import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { PlusIcon } from 'lucide-react';
import type { CouponOut } from '@meltway/shared/cart-checkout/coupon.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { OpenButton, rowActionsColumn } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/lib/error-text';
import { formatDate, formatPrice } from '@/lib/format';
import { localeTag } from '@/lib/i18n';
import { useDeleteCoupon, useCoupons } from '../api/coupons';
import { CouponDialog } from '../components/coupon-dialog';

type CouponState = 'active' | 'scheduled' | 'expired' | 'usedUp';

/** Where a coupon stands at `now`, as the reader's clock sees it (checkout decides on the server's). */
function stateOf(c: CouponOut, now: number): CouponState {
  if (c.ends_at && Date.parse(c.ends_at) <= now) return 'expired';
  if (c.usage_limit !== null && c.used_count >= c.usage_limit) return 'usedUp';
  if (c.starts_at && Date.parse(c.starts_at) > now) return 'scheduled';
  return 'active';
}

const STATE_BADGE = { active: 'success', scheduled: 'default', expired: 'muted', usedUp: 'warning' } as const;

function validity(c: CouponOut, t: TFunction, language: string | undefined) {
  const from = c.starts_at ? formatDate(c.starts_at, language) : '';
  const until = c.ends_at ? formatDate(c.ends_at, language) : '';
  if (from && until) return t('coupons.validBetween', { from, until });
  if (from) return t('coupons.validFrom', { from });
  if (until) return t('coupons.validUntil', { until });
  return t('coupons.validAlways');
}

export default function CouponsPage() {
  const { t, i18n } = useTranslation(['commerce', 'dashboard']);
  const errorText = useErrorText();
  const filtered = !!useTableUrlState().state.q;
  const coupons = useCoupons();
  const remove = useDeleteCoupon();
  const crud = useCrudDialogs<CouponOut>();
  const { edit, askDelete } = crud;
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<CouponOut>[]>(() => {
    const percent = new Intl.NumberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: 0 });
    // As of the list's reading: a coupon's state moves with the clock, and the list is read again on each visit.
    const now = coupons.dataUpdatedAt;
    return [
      {
        id: 'name',
        // The filter box finds a coupon by its name or its code.
        accessorFn: (c) => `${c.name} ${c.code}`,
        header: t('coupons.fields.name'),
        meta: { label: t('coupons.fields.name'), csv: (c) => c.name },
        cell: ({ row }) => (
          <span className="grid justify-items-start gap-1">
            <OpenButton className="sm:min-w-32" onClick={() => edit(row.original)}>
              {row.original.name}
            </OpenButton>
            {/* On a phone the code sits under the name, so the discount and status stay in view. */}
            <code className="font-mono text-xs text-muted-foreground sm:hidden">{row.original.code}</code>
          </span>
        ),
      },
      {
        id: 'code',
        accessorKey: 'code',
        header: t('coupons.fields.code'),
        meta: { label: t('coupons.fields.code'), className: 'hidden sm:table-cell' },
        cell: ({ row }) => <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">{row.original.code}</code>,
      },
      {
        id: 'discount_percent',
        accessorKey: 'discount_percent',
        header: t('coupons.columns.discount'),
        meta: { label: t('coupons.columns.discount'), className: 'text-right tabular-nums' },
        cell: ({ row }) => percent.format(row.original.discount_percent / 100),
      },
      {
        id: 'minimum',
        accessorFn: (c) => c.min_subtotal_cents ?? 0,
        header: t('coupons.columns.minimum'),
        meta: {
          label: t('coupons.columns.minimum'),
          className: 'hidden sm:table-cell text-right tabular-nums whitespace-nowrap',
          csv: (c) => (c.min_subtotal_cents === null ? '' : (c.min_subtotal_cents / 100).toFixed(2)),
        },
        cell: ({ row }) =>
          row.original.min_subtotal_cents === null ? (
            <span className="text-muted-foreground">{t('coupons.noMinimum')}</span>
          ) : (
            formatPrice(row.original.min_subtotal_cents, language)
          ),
      },
      {
        id: 'validity',
        accessorFn: (c) => c.starts_at ?? '',
        header: t('coupons.columns.validity'),
        meta: {
          label: t('coupons.columns.validity'),
          className: 'hidden md:table-cell',
          csv: (c) => [c.starts_at?.slice(0, 10) ?? '', c.ends_at?.slice(0, 10) ?? ''].join(' / '),
        },
        cell: ({ row }) => <span className="whitespace-nowrap">{validity(row.original, t, language)}</span>,
      },
      {
        id: 'state',
        accessorFn: (c) => t(`coupons.states.${stateOf(c, now)}`),
        header: t('coupons.columns.state'),
        meta: { label: t('coupons.columns.state') },
        cell: ({ row }) => {
          const state = stateOf(row.original, now);
          return <Badge variant={STATE_BADGE[state]}>{t(`coupons.states.${state}`)}</Badge>;
        },
      },
      {
        id: 'uses',
        accessorFn: (c) => c.used_count,
        header: t('coupons.columns.uses'),
        meta: {
          label: t('coupons.columns.uses'),
          className: 'hidden sm:table-cell whitespace-nowrap tabular-nums',
          csv: (c) => (c.usage_limit === null ? String(c.used_count) : `${c.used_count}/${c.usage_limit}`),
        },
        cell: ({ row }) =>
          row.original.usage_limit === null
            ? t('coupons.usesNoLimit', { used: row.original.used_count })
            : t('coupons.usesOf', { used: row.original.used_count, limit: row.original.usage_limit }),
      },
      {
        id: 'category',
        accessorFn: (c) => c.categoryName ?? '',
        header: t('coupons.fields.category'),
        meta: { label: t('coupons.fields.category'), className: 'hidden lg:table-cell' },
        cell: ({ row }) => row.original.categoryName ?? <span className="text-muted-foreground">{t('coupons.allProducts')}</span>,
      },
      rowActionsColumn<CouponOut>(t('dashboard:table.actions'), { edit, remove: askDelete }),
    ];
  }, [t, language, edit, askDelete, coupons.dataUpdatedAt]);

  return (
    <PageShell
      title={t('dashboard:pages.coupons')}
      description={t('coupons.description')}
      actions={
        <Button onClick={crud.create}>
          <PlusIcon aria-hidden />
          {t('coupons.add')}
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.coupons')}
        columns={columns}
        data={coupons.data}
        isLoading={coupons.isPending}
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        getRowId={(c) => c.id}
        filterColumn="name"
        filterPlaceholder={t('coupons.filter')}
        exportName="coupons"
        emptyMessage={filtered ? undefined : t('coupons.empty')}
      />
      <CouponDialog {...crud.formDialog} coupon={crud.editing} />
      <ConfirmDialog
        {...crud.confirmDialog((coupon) =>
          deleteWithToast(remove, coupon.id, t('coupons.deleted', { code: coupon.code }), (error) => errorText(error, t('coupons.deleteFailed'))),
        )}
        title={t('coupons.deleteTitle', { code: crud.deleting?.code ?? '' })}
        description={t('coupons.deleteDescription')}
        confirmLabel={t('coupons.delete')}
      />
    </PageShell>
  );
}
