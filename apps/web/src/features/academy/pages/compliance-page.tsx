import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { HOLDER_STATUSES, type HolderOut, type HolderStatus } from '@meltway/shared/academy/learning.schema';
import { PageShell } from '@/components/dashboard/page-shell';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useCurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import { downloadHoldersCsv, fetchHoldersPage, holderKeys, useHolderCertifications, useHolderCounts, useHolderDealers, type HolderFilters } from '../api/holders';
import { HolderStatusBadge } from '../components/holder-status';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrUndefined = (value: string | undefined) => (value && UUID.test(value) ? value : undefined);

/** The counts per status, each a button that shows its rows (again: all of them). */
function StatusSummary({ filters, q, status, onPick }: { filters: Omit<HolderFilters, 'status'>; q: string; status: HolderStatus | undefined; onPick: (status: HolderStatus | undefined) => void }) {
  const { t, i18n } = useTranslation('compliance');
  const counts = useHolderCounts({ ...filters, q: q.trim() || undefined });
  const number = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage === 'fr' ? 'fr-CA' : 'en-CA').format(n);
  if (counts.isPending) return <Spinner label={t('summary.loading')} className="size-4" />;
  if (counts.isError) return <p className="text-sm text-muted-foreground">{t('summary.failed')}</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('summary.label')}>
      {HOLDER_STATUSES.map((s) => (
        <li key={s}>
          <button
            type="button"
            aria-pressed={status === s}
            onClick={() => onPick(status === s ? undefined : s)}
            className={cn(
              'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              status === s && 'border-primary bg-secondary font-medium',
            )}
          >
            <span>{t(`status.${s}`)}</span>
            <span className="font-semibold tabular-nums">{number(counts.data[s])}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * /dashboard/certifications, the compliance view: each contractor and each certification with the status of the
 * newest certificate (valid, expiring within 90 days, expired, revoked, never). Admins see every dealer's
 * contractors and filter by dealer; a dealer its own. Filters live in the address; the export is the server's CSV.
 */
export default function CompliancePage() {
  const { t, i18n } = useTranslation(['compliance', 'dashboard']);
  const admin = useCurrentUser()?.role === 'admin';
  const language = i18n.resolvedLanguage;
  const { state, get, set } = useTableUrlState();
  const dealers = useHolderDealers(admin);
  const certifications = useHolderCertifications();

  const filters: HolderFilters = {
    status: HOLDER_STATUSES.find((s) => s === get('status')),
    dealerId: admin ? uuidOrUndefined(get('dealerId')) : undefined,
    certificationId: uuidOrUndefined(get('certificationId')),
  };
  const { status, ...scope } = filters;

  const columns = useMemo<ColumnDef<HolderOut>[]>(() => {
    const date = (v: string | null) => (v ? <span className="whitespace-nowrap">{formatDate(v, language)}</span> : <span className="text-muted-foreground">{t('fields.none')}</span>);
    const plain = (id: string, header: string, className?: string) => ({ id, header, enableSorting: false, meta: { label: header, className } });
    const cols: ColumnDef<HolderOut>[] = [
      {
        ...plain('name', t('fields.contractor')),
        accessorKey: 'name',
        cell: ({ row }) => (
          <span className="grid min-w-36">
            <span className="font-medium">{row.original.name}</span>
            <a href={`mailto:${row.original.email}`} className="max-w-52 truncate text-xs text-muted-foreground underline-offset-4 hover:underline" title={row.original.email}>
              {row.original.email}
            </a>
          </span>
        ),
      },
    ];
    if (admin) cols.push({ ...plain('dealer', t('fields.dealer'), 'hidden md:table-cell'), accessorFn: (r) => r.dealerName ?? '' });
    cols.push(
      {
        ...plain('certification', t('fields.certification')),
        accessorFn: (r) => localized(r.certificationName, r.certificationNameFr),
        cell: ({ row }) => <span className="line-clamp-2 min-w-32">{localized(row.original.certificationName, row.original.certificationNameFr)}</span>,
      },
      { ...plain('status', t('fields.status')), accessorKey: 'status', cell: ({ row }) => <HolderStatusBadge status={row.original.status} /> },
      { ...plain('issuedAt', t('fields.issued'), 'hidden lg:table-cell'), accessorKey: 'issuedAt', cell: ({ row }) => date(row.original.issuedAt) },
      { ...plain('expiresAt', t('fields.expires'), 'hidden sm:table-cell'), accessorKey: 'expiresAt', cell: ({ row }) => (row.original.certificateId && !row.original.expiresAt ? t('fields.noExpiry') : date(row.original.expiresAt)) },
      {
        ...plain('certificateId', t('fields.certificate'), 'hidden md:table-cell'),
        accessorKey: 'certificateId',
        cell: ({ row }) =>
          row.original.certificateId ? (
            <Link
              to={`/verify/${row.original.certificateId}`}
              className="font-mono text-sm whitespace-nowrap text-primary underline-offset-4 hover:underline"
              aria-label={t('fields.certificateLink', { id: row.original.certificateId, name: row.original.name })}
            >
              {row.original.certificateId}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('fields.none')}</span>
          ),
      },
    );
    return cols;
  }, [t, language, admin]);

  const certificationOptions = (certifications.data ?? []).map((c) => ({ value: c.id, label: localized(c.name, c.nameFr) }));
  const toolbar = (
    <>
      <SelectFilter<HolderStatus>
        value={status}
        onChange={(next) => set({ status: next })}
        label={t('filters.status')}
        allLabel={t('filters.allStatuses')}
        options={HOLDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      {admin ? (
        <SelectFilter
          value={scope.dealerId}
          onChange={(dealerId) => set({ dealerId })}
          label={t('filters.dealer')}
          allLabel={t('filters.allDealers')}
          options={(dealers.data ?? []).map((d) => ({ value: d.id, label: d.fullname }))}
          wide
        />
      ) : null}
      <SelectFilter
        value={scope.certificationId}
        onChange={(certificationId) => set({ certificationId })}
        label={t('filters.certification')}
        allLabel={t('filters.allCertifications')}
        options={certificationOptions}
        wide
      />
    </>
  );

  return (
    <PageShell title={t('dashboard:pages.certifications')} description={t(admin ? 'description.admin' : 'description.dealer')}>
      <StatusSummary filters={scope} q={state.q} status={status} onPick={(next) => set({ status: next })} />
      <DataTable
        mode="server"
        label={t('dashboard:pages.certifications')}
        columns={columns}
        queryKey={holderKeys.list(filters)}
        fetchPage={(request: PageRequest) => fetchHoldersPage(request, filters)}
        getRowId={(r) => `${r.userId}:${r.certificationId}`}
        filterColumn="name"
        filterPlaceholder={t('filters.search')}
        toolbar={toolbar}
        onExport={() => downloadHoldersCsv({ ...filters, q: state.q.trim() || undefined })}
        emptyMessage={t('empty')}
      />
    </PageShell>
  );
}
