import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { CalendarPlusIcon } from 'lucide-react';
import type { TaxRateOut, TaxRateStatus } from '@meltway/shared/cart-checkout/tax-rate.schema';
import { DataTable } from '@/components/data-table/data-table';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { localeTag } from '@/lib/i18n';
import { useTaxRates } from '../api/tax-rates';
import { formatDay, previousDay } from '../components/tax-days';
import { TaxRateDialog } from '../components/tax-rate-dialog';

const STATUS_BADGE = { past: 'muted', current: 'success', scheduled: 'default' } as const satisfies Record<TaxRateStatus, string>;

/** Sales tax by province with the days each rate applies; admins schedule changes without a deploy. */
export default function TaxRatesPage() {
  const { t, i18n } = useTranslation(['commerce', 'dashboard']);
  const rates = useTaxRates();
  const filtered = !!useTableUrlState().state.q;
  const [adding, setAdding] = useState(false);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<TaxRateOut>[]>(() => {
    const percent = new Intl.NumberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: 3 });
    return [
      {
        id: 'province',
        // The filter box finds a province by its code or its name.
        accessorFn: (r) => `${r.province} ${t(`taxRates.provinces.${r.province}`)}`,
        header: t('taxRates.fields.province'),
        meta: { label: t('taxRates.fields.province'), csv: (r) => r.province },
        cell: ({ row }) => (
          // On a phone the code alone, so the rate and its status stay in view.
          <span className="flex items-center gap-2 whitespace-nowrap">
            <abbr title={t(`taxRates.provinces.${row.original.province}`)} className="font-mono text-xs text-muted-foreground no-underline">
              {row.original.province}
            </abbr>
            <span className="hidden font-medium sm:inline">{t(`taxRates.provinces.${row.original.province}`)}</span>
          </span>
        ),
      },
      {
        id: 'code',
        accessorFn: (r) => t(`taxRates.codes.${r.code}`),
        header: t('taxRates.fields.code'),
        meta: { label: t('taxRates.fields.code') },
        cell: ({ row }) => <abbr title={t(`taxRates.codeNames.${row.original.code}`)} className="no-underline">{t(`taxRates.codes.${row.original.code}`)}</abbr>,
      },
      {
        id: 'rate',
        accessorKey: 'rate',
        header: t('taxRates.fields.rate'),
        meta: { label: t('taxRates.fields.rate'), className: 'text-right tabular-nums', csv: (r) => r.rate },
        cell: ({ row }) => percent.format(row.original.rate / 100),
      },
      {
        id: 'status',
        accessorFn: (r) => t(`taxRates.status.${r.status}`),
        header: t('taxRates.columns.status'),
        meta: { label: t('taxRates.columns.status') },
        cell: ({ row }) => <Badge variant={STATUS_BADGE[row.original.status]}>{t(`taxRates.status.${row.original.status}`)}</Badge>,
      },
      {
        id: 'shipping',
        accessorFn: (r) => (r.appliesToShipping ? t('taxRates.yes') : t('taxRates.no')),
        header: t('taxRates.columns.shipping'),
        enableSorting: false,
        meta: { label: t('taxRates.columns.shipping'), className: 'hidden md:table-cell' },
      },
      {
        id: 'from',
        accessorKey: 'effectiveFrom',
        header: t('taxRates.columns.from'),
        meta: { label: t('taxRates.columns.from'), csv: (r) => r.effectiveFrom },
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDay(row.original.effectiveFrom, language)}</span>,
      },
      {
        id: 'to',
        // Stored as the first day of the next rate; shown as the last day this one applies.
        accessorFn: (r) => (r.effectiveTo ? previousDay(r.effectiveTo) : ''),
        header: t('taxRates.columns.to'),
        meta: { label: t('taxRates.columns.to'), className: 'hidden sm:table-cell' },
        cell: ({ getValue }) => {
          const last = getValue<string>();
          return last ? <span className="whitespace-nowrap">{formatDay(last, language)}</span> : <span className="text-muted-foreground">{t('taxRates.open')}</span>;
        },
      },
    ];
  }, [t, language]);

  return (
    <PageShell
      title={t('dashboard:pages.taxRates')}
      description={t('taxRates.description')}
      actions={
        <Button onClick={() => setAdding(true)} disabled={!rates.data}>
          <CalendarPlusIcon aria-hidden />
          {t('taxRates.add')}
        </Button>
      }
    >
      <DataTable
        label={t('dashboard:pages.taxRates')}
        columns={columns}
        data={rates.data}
        isLoading={rates.isPending}
        error={rates.error}
        onRetry={() => void rates.refetch()}
        getRowId={(r) => r.id}
        filterColumn="province"
        filterPlaceholder={t('taxRates.filter')}
        exportName="tax-rates"
        emptyMessage={filtered ? undefined : t('taxRates.empty')}
      />
      <TaxRateDialog open={adding} onOpenChange={setAdding} rates={rates.data ?? []} />
    </PageShell>
  );
}
