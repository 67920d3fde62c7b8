import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AwardIcon, CopyIcon, DownloadIcon, ExternalLinkIcon, FileBadgeIcon, PrinterIcon, Share2Icon } from 'lucide-react';
import type { CertificateOut } from '@meltway/shared/academy/learning.schema';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn } from '@/lib/utils';
import { downloadCertificate, downloadCredential, linkedInUrl, useMyCertificates } from '../api/certificates';
import { CertificateStatusBadge } from '../components/certificate-status';

/** /certification: the signed-in learner's certificates; one selected shows its details and what to do with it. */
export default function MyCertificationsPage() {
  const { t } = useTranslation('certificates');
  usePageMeta(t('my.title'), t('my.description'));
  const list = useMyCertificates();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const selected = items.find((c) => c.id === selectedId) ?? items[0];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12" data-certificate-print>
      <h1 className="text-3xl font-bold tracking-tight print:hidden">{t('my.title')}</h1>
      <p className="mt-2 text-muted-foreground print:hidden">{t('my.intro')}</p>
      {list.isPending ? (
        <p className="mt-8 flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner /> {t('my.loading')}
        </p>
      ) : list.isError ? (
        <div className="mt-8 grid justify-items-start gap-3" role="alert">
          <p>{t('my.failed')}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('my.retry')}
          </Button>
        </div>
      ) : !selected ? (
        <div className="mt-8 grid justify-items-start gap-4 rounded-xl border border-dashed bg-muted/60 p-6">
          <p>{t('my.empty')}</p>
          <Link to="/lms" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('my.explore')}
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <nav aria-label={t('my.listLabel')} className="print:hidden">
            <ul className="grid gap-2">
              {items.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-current={c.id === selected.id ? 'true' : undefined}
                    onClick={() => setSelectedId(c.id)}
                    className={cn(
                      'grid w-full gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      c.id === selected.id && 'border-primary bg-primary/5',
                    )}
                  >
                    <span className="font-medium break-words">{localized(c.certificationName, c.certificationNameFr)}</span>
                    <span className="text-sm text-muted-foreground">{localized(c.courseTitle, c.courseTitleFr)}</span>
                    <CertificateStatusBadge status={c.status} expiresAt={c.expiresAt} />
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <CertificateDetails certificate={selected} />
        </div>
      )}
    </div>
  );
}

function CertificateDetails({ certificate: c }: { certificate: CertificateOut }) {
  const { t, i18n } = useTranslation('certificates');
  const language = i18n.resolvedLanguage === 'fr' ? 'fr' : 'en';
  // The French skills on a French page where they were written; the English ones otherwise.
  const skills = language === 'fr' && c.skillsFr.length ? c.skillsFr : c.skills;
  const [downloading, setDownloading] = useState<'pdf' | 'credential' | null>(null);
  const download = async (what: 'pdf' | 'credential') => {
    setDownloading(what);
    try {
      await (what === 'pdf' ? downloadCertificate(c.id, language) : downloadCredential(c.id));
    } catch {
      notify.error(t(what === 'pdf' ? 'actions.downloadFailed' : 'actions.credentialFailed'));
    } finally {
      setDownloading(null);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(c.verificationUrl);
      notify.success(t('actions.copied'));
    } catch {
      notify.error(t('actions.copyFailed'));
    }
  };
  const facts: [string, React.ReactNode][] = [
    [t('fields.holder'), c.holderName],
    [t('fields.course'), localized(c.courseTitle, c.courseTitleFr)],
    [t('fields.issued'), formatDate(c.issuedAt, language, { dateStyle: 'long' })],
    [t('fields.expires'), c.expiresAt ? formatDate(c.expiresAt, language, { dateStyle: 'long' }) : t('fields.noExpiry')],
    [t('fields.score'), t('fields.scoreValue', { score: c.score })],
    [t('fields.instructor'), c.instructor],
    [t('fields.certificateId'), <span className="font-mono break-all">{c.id}</span>],
    [
      t('fields.verificationUrl'),
      <a href={c.verificationUrl} className="break-all text-primary underline-offset-4 hover:underline">
        {c.verificationUrl}
      </a>,
    ],
  ];
  if (c.revokedReason) facts.push([t('fields.revokedReason'), c.revokedReason]);

  return (
    <article aria-labelledby="certificate-title" className="min-w-0 rounded-xl border bg-card p-5 sm:p-8 print:border-0 print:p-0">
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <AwardIcon className="size-6" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id="certificate-title" className="text-2xl font-bold tracking-tight break-words">
            {localized(c.certificationName, c.certificationNameFr)}
          </h2>
          <div>
            <CertificateStatusBadge status={c.status} expiresAt={c.expiresAt} />
          </div>
        </div>
      </div>
      {c.description && (
        <section className="mt-6">
          <h3 className="text-sm font-semibold text-muted-foreground">{t('fields.description')}</h3>
          <p className="mt-1 whitespace-pre-line">{localized(c.description, c.descriptionFr)}</p>
        </section>
      )}
      {skills.length > 0 && (
        <section className="mt-6">
          <h3 className="text-sm font-semibold text-muted-foreground">{t('fields.skills')}</h3>
          <ul className="mt-2 flex flex-wrap gap-2" lang={language === 'fr' && !c.skillsFr.length ? 'en' : undefined}>
            {skills.map((s) => (
              <li key={s} className="rounded-full bg-muted px-3 py-1 text-sm">
                {s}
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-wrap gap-2 print:hidden">
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden />
          {t('actions.copy')}
        </Button>
        <Button variant="outline" asChild>
          <a href={linkedInUrl(c)} target="_blank" rel="noopener noreferrer">
            <Share2Icon aria-hidden />
            {t('actions.share')}
          </a>
        </Button>
        <Button variant="outline" onClick={() => void download('pdf')} disabled={downloading !== null}>
          {downloading === 'pdf' ? <Spinner /> : <DownloadIcon aria-hidden />}
          {t('actions.download')}
        </Button>
        <Button variant="outline" onClick={() => void download('credential')} disabled={downloading !== null} aria-describedby="credential-hint">
          {downloading === 'credential' ? <Spinner /> : <FileBadgeIcon aria-hidden />}
          {t('actions.credential')}
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden />
          {t('actions.print')}
        </Button>
        <Button variant="ghost" asChild>
          <Link to={`/verify/${c.id}`}>
            <ExternalLinkIcon aria-hidden />
            {t('actions.verify')}
          </Link>
        </Button>
      </div>
      <p id="credential-hint" className="mt-3 text-sm text-muted-foreground print:hidden">
        {t('actions.credentialHint')}
      </p>
    </article>
  );
}
