import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { fetchDocumentPath } from './learning-api';
import type { PlayerLesson } from './use-player';

/** Saves a document (slides, transcript) from its path on this host. */
async function download(documentId: string, fileName: string) {
  const path = await fetchDocumentPath(documentId);
  const a = document.createElement('a');
  a.href = path;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The course's syllabus in the page's language, and the current lesson's slides and transcript. */
export function PlayerResources({ courseId, lesson }: { courseId: string; lesson: PlayerLesson | undefined }) {
  const { t, i18n } = useTranslation('lms');
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  return (
    <section aria-labelledby="resources-heading" className="min-w-0 content-start self-start rounded-xl border p-4 lg:col-start-2 lg:row-start-2">
      <h2 id="resources-heading" className="text-lg font-semibold">
        {t('player.resources')}
      </h2>
      <ul className="mt-3 grid gap-2">
        <Resource label={t('player.syllabus')}>
          <a href={`/api/v1/courses/${courseId}/syllabus.pdf?lang=${lang}`} download className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={t('player.downloadNamed', { name: t('player.syllabus') })}>
            <DownloadIcon aria-hidden />
            {t('player.download')}
          </a>
        </Resource>
        {lesson?.slides ? (
          <Resource label={t('player.slides')}>
            <DownloadButton name={t('player.slides')} onClick={() => download(lesson.slides!, `${t('player.slides')}.pdf`)} />
          </Resource>
        ) : null}
        {lesson?.transcript ? (
          <Resource label={t('player.transcript')}>
            <DownloadButton name={t('player.transcript')} onClick={() => download(lesson.transcript!, `${t('player.transcript')}.pdf`)} />
          </Resource>
        ) : null}
      </ul>
    </section>
  );
}

function Resource({ label, children }: { label: string; children: React.ReactNode }) {
  const { t } = useTranslation('lms');
  return (
    <li className="flex items-center gap-3 text-sm">
      <FileTextIcon className="size-4 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0 flex-1">
        {label} <span className="text-xs text-muted-foreground">({t('player.pdf')})</span>
      </span>
      {children}
    </li>
  );
}

function DownloadButton({ name, onClick }: { name: string; onClick: () => Promise<void> }) {
  const { t } = useTranslation(['lms', 'common']);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-label={t('player.downloadNamed', { name })}
      onClick={() => {
        setBusy(true);
        onClick()
          .catch((err: unknown) => notify.error(errorText(t, err, t('player.pdfFailed'))))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? <Spinner /> : <DownloadIcon aria-hidden />}
      {t('player.download')}
    </Button>
  );
}
