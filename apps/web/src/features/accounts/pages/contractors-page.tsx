import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { CONTRACTOR_SERVICES, CONTRACTOR_TYPES, USER_STATUSES } from '@meltway/shared/accounts/roles';
import type { ContractorListItem } from '@meltway/shared/accounts/people.schema';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { actionsColumn } from '@/components/data-table/columns';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Badge } from '@/components/ui/badge';
import { PageShell } from '@/components/dashboard/page-shell';
import { CertifiedBadge } from '@/components/academy/certified-badge';
import { formatDate } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { accountKeys } from '../api/account-keys';
import { fetchContractorsPage } from '../api/contractors';
import { ContractorApproval } from '../components/contractor-approval';
import { StatusBadge } from '../components/status-badge';

export default function ContractorsPage() {
  // The certificates words load with the page, for the Certified installer mark.
  const { t, i18n } = useTranslation(['dashboard', 'accounts', 'certificates']);
  const user = useCurrentUser();
  const { get, set } = useTableUrlState();
  const status = USER_STATUSES.find((s) => s === get('status'));
  const contractorType = CONTRACTOR_TYPES.find((c) => c === get('contractorType'));
  const language = i18n.resolvedLanguage;

  const services = (c: UserOut) =>
    CONTRACTOR_SERVICES.filter((key) => c.contractorData?.servicesOffered[key]).map((key) => t(`accounts:services.${key}`));

  const columns = useMemo<ColumnDef<UserOut>[]>(
    () => [
      {
        id: 'fullname',
        accessorKey: 'fullname',
        header: t('table.name'),
        meta: { label: t('table.name') },
        cell: ({ row }) => (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              to={`/dashboard/customers/details?id=${row.original.id}`}
              className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline"
            >
              {row.original.fullname}
            </Link>
            {(row.original as Partial<ContractorListItem>).certified ? <CertifiedBadge /> : null}
          </div>
        ),
      },
      {
        id: 'companyName',
        accessorFn: (c) => c.contractorData?.companyName ?? '',
        header: t('contractors.company'),
        meta: { label: t('contractors.company') },
      },
      {
        id: 'licenseNumber',
        accessorFn: (c) => c.contractorData?.licenseNumber ?? '',
        header: t('contractors.licence'),
        // Shown from 1536 px (like Services); at 1280 beside the sidebar the status, date and Approve/Reject need the room.
        meta: { label: t('contractors.licence'), className: 'hidden 2xl:table-cell' },
      },
      {
        id: 'contractorType',
        accessorFn: (c) => (c.contractorData ? t(`accounts:contractorTypes.${c.contractorData.contractorType}`) : ''),
        header: t('contractors.type'),
        // Shown from 1536 px (like Services); at 1280 beside the sidebar the status, date and Approve/Reject need the room.
        meta: { label: t('contractors.type'), className: 'hidden 2xl:table-cell' },
      },
      {
        id: 'services',
        accessorFn: (c) => services(c).join('; '),
        header: t('contractors.services'),
        enableSorting: false,
        meta: { label: t('contractors.services'), className: 'hidden 2xl:table-cell' },
        cell: ({ row }) => {
          const list = services(row.original);
          if (!list.length) return '—';
          const shown = list.slice(0, 2);
          return (
            <div className="flex max-w-56 flex-wrap gap-1" title={list.join(', ')}>
              {shown.map((s) => (
                <Badge key={s} variant="outline">
                  {s}
                </Badge>
              ))}
              {list.length > shown.length ? (
                <Badge variant="muted">
                  {t('contractors.more', { count: list.length - shown.length })}
                  <span className="sr-only">: {list.slice(2).join(', ')}</span>
                </Badge>
              ) : null}
            </div>
          );
        },
      },
      {
        id: 'dealer',
        accessorFn: (c) => c.contractorData?.dealerName ?? '',
        header: t('contractors.dealer'),
        enableSorting: false,
        meta: { label: t('contractors.dealer') },
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('table.status'),
        meta: { label: t('table.status'), csv: (c) => t(`status.${c.status}`) },
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'created_at',
        accessorKey: 'created_at',
        header: t('table.created'),
        meta: { label: t('table.created'), csv: (c) => c.created_at.slice(0, 10) },
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at, language)}</span>,
      },
      // Approve and Reject stay at the right edge, in view however many columns scroll under them.
      actionsColumn<UserOut>(t('table.actions'), (c) =>
        c.status === 'pending' ? <ContractorApproval contractor={c} compact /> : null,
      ),
    ],
    // services only reads t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language],
  );

  const filters = (
    <>
      <SelectFilter
        value={status}
        onChange={(value) => set({ status: value })}
        label={t('contractors.statusFilter')}
        allLabel={t('contractors.allStatuses')}
        options={USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <SelectFilter
        value={contractorType}
        onChange={(value) => set({ contractorType: value })}
        label={t('contractors.typeFilter')}
        allLabel={t('contractors.allTypes')}
        options={CONTRACTOR_TYPES.map((c) => ({ value: c, label: t(`accounts:contractorTypes.${c}`) }))}
      />
    </>
  );

  return (
    <PageShell
      title={t('pages.contractors')}
      description={t(user?.role === 'dealer' ? 'contractors.descriptionDealer' : 'contractors.descriptionAdmin')}
    >
      <DataTable
        mode="server"
        label={t('pages.contractors')}
        columns={columns}
        queryKey={accountKeys.contractorList({ status, contractorType })}
        fetchPage={(request: PageRequest) => fetchContractorsPage(request, { status, contractorType })}
        getRowId={(c) => c.id}
        filterColumn="fullname"
        filterPlaceholder={t('contractors.filter')}
        toolbar={filters}
        exportName="contractors"
        enableSelection
      />
    </PageShell>
  );
}
