import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { CertificateOut } from '@meltway/shared/academy/learning.schema';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { CERTIFICATE_FILTERS, certificateKeys, fetchCertificatesPage, useExpiringCount, useReissueCertificate, type CertificateFilter } from '../api/certificates';
import { CertificateStatusBadge } from '../components/certificate-status';
import { RevokeDialog } from '../components/revoke-dialog';

/** /dashboard/student-certification: issued certificates, searched and filtered on the server; admins revoke and reissue. */
export default function StudentCertificationPage() {
  const { t, i18n } = useTranslation(['certificates', 'dashboard']);
  const admin = useCurrentUser()?.role === 'admin';
  const { get, set } = useTableUrlState();
  const status = CERTIFICATE_FILTERS.find((s) => s === get('status'));
  const expiring = useExpiringCount();
  const { mutate: reissue, isPending: reissuing } = useReissueCertificate();
  const [revoking, setRevoking] = useState<string | null>(null);
  const language = i18n.resolvedLanguage;

  const columns = useMemo<ColumnDef<CertificateOut>[]>(() => {
    const date = (v: string | null) => (v ? formatDate(v, language) : t('fields.noExpiry'));
    const cols: ColumnDef<CertificateOut>[] = [
      {
        id: 'id',
        accessorKey: 'id',
        header: t('fields.certificateId'),
        enableSorting: false,
        meta: { label: t('fields.certificateId') },
        cell: ({ row }) => (
          <Link to={`/verify/${row.original.id}`} className="font-mono text-sm whitespace-nowrap text-primary underline-offset-4 hover:underline">
            {row.original.id}
          </Link>
        ),
      },
      { id: 'holderName', accessorKey: 'holderName', header: t('fields.holder'), enableSorting: false, meta: { label: t('fields.holder') } },
      { id: 'courseTitle', accessorKey: 'courseTitle', header: t('fields.course'), enableSorting: false, meta: { label: t('fields.course'), className: 'hidden md:table-cell' } },
      {
        id: 'issuedAt',
        accessorKey: 'issuedAt',
        header: t('fields.issued'),
        enableSorting: false,
        meta: { label: t('fields.issued'), className: 'hidden lg:table-cell' },
        cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.issuedAt)}</span>,
      },
      {
        id: 'expiresAt',
        accessorKey: 'expiresAt',
        header: t('fields.expires'),
        enableSorting: false,
        meta: { label: t('fields.expires'), className: 'hidden lg:table-cell' },
        cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.expiresAt)}</span>,
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('fields.status'),
        enableSorting: false,
        meta: { label: t('fields.status') },
        cell: ({ row }) => <CertificateStatusBadge status={row.original.status} expiresAt={row.original.expiresAt} />,
      },
    ];
    if (admin)
      cols.push({
        id: 'actions',
        header: t('admin.actions'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.status === 'valid' ? (
            <Button size="sm" variant="outline" onClick={() => setRevoking(row.original.id)} aria-label={`${t('admin.revoke')} ${row.original.id}`}>
              {t('admin.revoke')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              title={t('admin.reissueRule')}
              aria-label={`${t('admin.reissue')} ${row.original.id}`}
              disabled={reissuing}
              onClick={() =>
                reissue(row.original.id, {
                  onSuccess: (c) => notify.success(t('admin.reissued', { id: c.id })),
                  onError: (error) => notify.error(errorText(i18n.t, error, t('admin.failed'))),
                })
              }
            >
              {t('admin.reissue')}
            </Button>
          ),
      });
    return cols;
  }, [t, i18n, language, admin, reissue, reissuing, setRevoking]);

  const count = expiring.data ?? 0;
  return (
    <PageShell
      title={t('dashboard:pages.studentCertification')}
      description={
        <>
          {t('admin.description')}
          {count > 0 && (
            <span className="mt-1 block font-medium text-foreground">
              {t('admin.expiring', { count })}{' '}
              {status !== 'expiring' && (
                <button type="button" className="text-primary underline-offset-4 hover:underline" onClick={() => set({ status: 'expiring' })}>
                  {t('admin.showExpiring')}
                </button>
              )}
            </span>
          )}
        </>
      }
    >
      <DataTable
        mode="server"
        label={t('dashboard:pages.studentCertification')}
        columns={columns}
        queryKey={certificateKeys.list({ status })}
        fetchPage={(request: PageRequest) => fetchCertificatesPage(request, status)}
        getRowId={(c) => c.id}
        filterColumn="holderName"
        filterPlaceholder={t('admin.filter')}
        toolbar={
          <SelectFilter<CertificateFilter>
            value={status}
            onChange={(next) => set({ status: next })}
            label={t('admin.statusFilter')}
            allLabel={t('admin.allStatuses')}
            options={CERTIFICATE_FILTERS.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        }
        emptyMessage={t('admin.empty')}
      />
      <RevokeDialog id={revoking} onOpenChange={(open) => !open && setRevoking(null)} />
    </PageShell>
  );
}
