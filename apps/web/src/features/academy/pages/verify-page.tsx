import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CertificateVerifyOut } from '@meltway/shared/academy/learning.schema';
import { BadgeCheckIcon, BanIcon, CalendarXIcon, SearchXIcon } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { formatDate } from '@/lib/format';
import { localized } from '@/lib/localized';
import { usePageMeta } from '@/lib/use-page-meta';
import { useVerifyCertificate } from '../api/certificates';
import { CertificateStatusBadge } from '../components/certificate-status';

/** How each state shows: current (green), expired (greyed out, the date it ended), revoked (red). */
const STATE = {
  valid: { icon: BadgeCheckIcon, className: 'border-success/30 bg-success-soft text-success' },
  expired: { icon: CalendarXIcon, className: 'border-border bg-muted text-foreground' },
  revoked: { icon: BanIcon, className: 'border-destructive/30 bg-destructive/5 text-destructive' },
} as const;

/**
 * /verify/:id, public: what a certificate says, its validity dates and whether it is current, expired or revoked;
 * "not found" for anything else.
 */
export default function VerifyPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('certificates');
  usePageMeta(t('verify.title'), t('verify.description'));
  const check = useVerifyCertificate(id);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('verify.title')}</h1>
      <QueryState
        query={check}
        loading={
          <p className="mt-8 flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner /> {t('verify.loading')}
          </p>
        }
        notFound={
          <div className="mt-8 flex items-start gap-4 rounded-xl border bg-card p-6" role="alert">
            <SearchXIcon className="size-8 shrink-0 text-muted-foreground" aria-hidden />
            <div className="grid gap-1">
              <h2 className="text-xl font-semibold">{t('verify.notFound')}</h2>
              <p className="text-muted-foreground">{t('verify.notFoundBody')}</p>
            </div>
          </div>
        }
        failed={() => (
          <div className="mt-8 grid justify-items-start gap-3" role="alert">
            <p>{t('verify.failed')}</p>
            <Button variant="outline" onClick={() => void check.refetch()}>
              {t('my.retry')}
            </Button>
          </div>
        )}
      >
        {(certificate) => <VerifiedCertificate certificate={certificate} />}
      </QueryState>
    </div>
  );
}

/** What the certificate says, under its state. */
function VerifiedCertificate({ certificate: c }: { certificate: CertificateVerifyOut }) {
  const { t, i18n } = useTranslation('certificates');
  const language = i18n.resolvedLanguage;
  return (
    <article className="mt-8 rounded-xl border bg-card p-5 sm:p-8" aria-labelledby="verified-name">
      <StateBanner status={c.status} issuedAt={c.issuedAt} expiresAt={c.expiresAt} />
      <h2 id="verified-name" className="mt-4 text-2xl font-bold tracking-tight break-words">
        {c.holderName}
      </h2>
      <p className="text-muted-foreground">{t('verify.issuedBy')}</p>
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {(
          [
            [t('fields.course'), localized(c.courseTitle, c.courseTitleFr)],
            [t('fields.certification'), localized(c.certificationName, c.certificationNameFr)],
            [t('fields.issued'), formatDate(c.issuedAt, language, { dateStyle: 'long' })],
            [t('fields.score'), t('fields.scoreValue', { score: c.score })],
            [t('fields.expires'), c.expiresAt ? formatDate(c.expiresAt, language, { dateStyle: 'long' }) : t('fields.noExpiry')],
            [t('fields.status'), <CertificateStatusBadge status={c.status} />],
            [t('fields.certificateId'), <span className="font-mono break-all">{c.id}</span>],
          ] as [string, React.ReactNode][]
        ).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** The certificate's state in one sentence, with the dates it is (or was) valid. */
function StateBanner({ status, issuedAt, expiresAt }: { status: keyof typeof STATE; issuedAt: string; expiresAt: string | null }) {
  const { t, i18n } = useTranslation('certificates');
  const date = (d: string) => formatDate(d, i18n.resolvedLanguage, { dateStyle: 'long' });
  const { icon: Icon, className } = STATE[status];
  const from = date(issuedAt);
  const dates =
    status === 'revoked'
      ? t('verify.revokedDates', { from })
      : expiresAt
        ? t(status === 'valid' ? 'verify.validDates' : 'verify.expiredDates', { from, until: date(expiresAt) })
        : t('verify.noExpiryDates', { from });
  return (
    <div className={cn('flex items-start gap-3 rounded-lg border p-4', className)} role="status" data-state={status}>
      <Icon className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div className="grid gap-1">
        <p className="font-semibold">{t(`verify.${status}`)}</p>
        <p className="text-sm text-foreground">{dates}</p>
      </div>
    </div>
  );
}
