import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon, GraduationCapIcon } from 'lucide-react';
import { CONTRACTOR_SERVICES } from '@meltway/shared/accounts/roles';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DetailItem } from '@/components/dashboard/detail-item';
import { DetailQueryState } from '@/components/dashboard/detail-query-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { formatDate } from '@/lib/format';
import { useContractor } from '../api/contractors';
import { ContractorApproval } from '../components/contractor-approval';
import { StatusBadge } from '../components/status-badge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Props = {
  /** Sections other features add below the profile (the contractor's orders and credit), composed in app/. */
  extra?: (contractor: UserOut) => ReactNode;
};

export default function ContractorDetailsPage({ extra }: Props = {}) {
  const { t, i18n } = useTranslation(['dashboard', 'accounts', 'common']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = UUID.test(id);
  const contractor = useContractor(valid ? id : undefined);
  const language = i18n.resolvedLanguage;
  const back = (
    <Link to="/dashboard/customers" className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
      <ArrowLeftIcon className="size-4" aria-hidden />
      {t('contractors.backToList')}
    </Link>
  );

  return (
    <DetailQueryState
      query={contractor}
      missing={!valid}
      title={t('pages.contractorDetails')}
      notFoundTitle={t('contractors.notFoundTitle')}
      notFound={t('contractors.notFound')}
      back={back}
    >
      {(c) => {
        const data = c.contractorData;
        const offered = CONTRACTOR_SERVICES.filter((key) => data?.servicesOffered[key]);

        return (
          <PageShell title={c.fullname} description={data?.companyName} actions={c.status === 'pending' ? <ContractorApproval contractor={c} /> : undefined}>
            {back}
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle className="text-lg">{t('contractors.profile')}</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid gap-4 sm:grid-cols-2">
                    <DetailItem label={t('table.status')}>
                      <StatusBadge status={c.status} />
                    </DetailItem>
                    <DetailItem label={t('accounts:fields.email')}>{c.email}</DetailItem>
                    <DetailItem label={t('accounts:fields.phone')}>{c.phone ? `${c.phoneCode ?? ''} ${c.phone}`.trim() : null}</DetailItem>
                    <DetailItem label={t('accounts:fields.address')}>{c.address}</DetailItem>
                    <DetailItem label={t('contractors.dealer')}>{data?.dealerName}</DetailItem>
                    <DetailItem label={t('table.created')}>{formatDate(c.created_at, language, { dateStyle: 'long' })}</DetailItem>
                  </dl>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="text-lg">{t('contractors.business')}</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid gap-4 sm:grid-cols-2">
                    <DetailItem label={t('accounts:fields.companyName')}>{data?.companyName}</DetailItem>
                    <DetailItem label={t('accounts:fields.licenseNumber')}>{data?.licenseNumber}</DetailItem>
                    <DetailItem label={t('accounts:fields.contractorType')}>
                      {data ? t(`accounts:contractorTypes.${data.contractorType}`) : null}
                    </DetailItem>
                    <DetailItem label={t('accounts:fields.labourWarrantyPeriod')}>
                      {data ? t('contractors.years', { count: data.labourWarrantyPeriod }) : null}
                    </DetailItem>
                    <DetailItem label={t('accounts:fields.contractorBN')}>{data?.contractorBN}</DetailItem>
                    <DetailItem label={t('accounts:fields.TIN')}>{data?.TIN}</DetailItem>
                    <div className="grid gap-1.5 sm:col-span-2">
                      <dt className="text-xs font-medium text-muted-foreground">{t('accounts:fields.servicesOffered')}</dt>
                      <dd className="flex flex-wrap gap-1.5">
                        {offered.length
                          ? offered.map((key) => (
                              <Badge key={key} variant="default">
                                {t(`accounts:services.${key}`)}
                              </Badge>
                            ))
                          : '—'}
                      </dd>
                    </div>
                  </dl>
                </CardContent>
              </Card>
            </div>
            {extra?.(c)}
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">{t('contractors.activity')}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                <p className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                  <GraduationCapIcon className="size-5 shrink-0" aria-hidden />
                  {t('contractors.certificationsLater')}
                </p>
              </CardContent>
            </Card>
          </PageShell>
        );
      }}
    </DetailQueryState>
  );
}
