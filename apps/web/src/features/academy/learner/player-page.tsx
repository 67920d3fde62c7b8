import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, CheckCircle2Icon, ChevronDownIcon, DownloadIcon, ExternalLinkIcon, FileTextIcon, ListIcon } from 'lucide-react';
import type { LessonOut } from '@meltway/shared/academy/course.schema';
import { Button, buttonVariants } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useCourse } from '@/features/academy/api/courses';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AssignmentLesson } from './assignment-lesson';
import { LessonIcon } from './lesson-icon';
import { fetchDocumentPath, useEnrol, useProgress, useRecordProgress, useRefreshProgress } from './learning-api';
import { Questions } from './questions';
import { VideoLesson } from './video-lesson';

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

/**
 * /lms/course/:id: the lesson on the left, the table of contents, progress and resources on the right (SPEC.md §2,
 * §4). On a phone the table of contents comes first, folded, then the lesson and its questions.
 */
export default function PlayerPage() {
  const { t, i18n } = useTranslation(['lms', 'academy', 'common']);
  const { id = '' } = useParams();
  const course = useCourse(id);
  const progress = useProgress(id);
  const record = useRecordProgress(id);
  const enrol = useEnrol();
  /** The lesson the learner picked; until then the one the server says they were on. */
  const [chosenId, setChosenId] = useState<string | null>(null);
  /** The open section of the table of contents; undefined: the current lesson's. */
  const [openSection, setOpenSection] = useState<string | null | undefined>(undefined);
  const opened = useRef(new Set<string>());
  /** The table of contents on a phone: folded until asked for (always shown on a wide screen). */
  const [tocOpen, setTocOpen] = useState(false);
  const refreshProgress = useRefreshProgress(id);

  const lessons = useMemo(() => course.data?.sections.flatMap((s) => s.lessons.map((l) => ({ ...l, sectionId: s.id }))) ?? [], [course.data]);
  // First visit: the first lesson of the first section; afterwards the last lesson seen, on any device.
  const resumeId = progress.data ? (lessons.find((l) => l.id === progress.data!.lastLessonId && l.type !== 'pdf') ?? lessons[0])?.id : undefined;
  const currentId = chosenId ?? resumeId ?? null;
  const current = lessons.find((l) => l.id === currentId);
  const shownSection = openSection === undefined ? current?.sectionId : openSection;
  useDocumentTitle(course.data ? `${current ? localized(current.title, current.titleFr) : t('player.noLesson')} · ${localized(course.data.courseTitle, course.data.courseTitleFr)}` : t('pages.coursePlayer'));

  /**
   * Tells the server a lesson was opened (it starts the lesson's clock); nothing counts yet: a video once watched,
   * a quiz once passed, a PDF once its document is opened.
   */
  const recordOpened = (lesson: { id: string; type: string }) => {
    if (opened.current.has(lesson.id)) return;
    opened.current.add(lesson.id);
    record.mutate({ lessonId: lesson.id, seen: false }, { onError: (err) => notify.error(errorText(t, err, t('player.saveFailed'))) });
  };
  /** A video's time watched, as the player counts it. */
  const reportWatched = (lessonId: string) => (watchedSeconds: number) =>
    record.mutate({ lessonId, seen: false, watchedSeconds }, { onError: (err) => notify.error(errorText(t, err, t('player.saveFailed'))) });
  const show = (lesson: (typeof lessons)[number]) => {
    setChosenId(lesson.id);
    setOpenSection(undefined);
    setTocOpen(false);
    recordOpened(lesson);
  };

  // The lesson shown on arrival counts as opened.
  const arrival = !chosenId && resumeId ? lessons.find((l) => l.id === resumeId) : undefined;
  useEffect(() => {
    if (arrival) recordOpened(arrival);
    // Once per lesson (recordOpened remembers); `recordOpened` itself changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival?.id]);

  /** A PDF lesson: its document opens in a new tab, the current lesson stays, and it counts as seen. */
  const openPdf = (lesson: LessonOut) => {
    if (!lesson.pdfLink) return;
    const tab = window.open('about:blank', '_blank');
    record.mutate({ lessonId: lesson.id, seen: true });
    fetchDocumentPath(lesson.pdfLink).then(
      (path) => {
        if (tab) tab.location.href = path;
        else window.location.assign(path);
      },
      (err: unknown) => {
        tab?.close();
        notify.error(errorText(t, err, t('player.pdfFailed')));
      },
    );
  };
  const choose = (lesson: (typeof lessons)[number]) => (lesson.type === 'pdf' ? openPdf(lesson) : show(lesson));
  // A graded attempt may have made the quiz lesson count, and the course earn its certificate.
  const quizDone = () => void refreshProgress();

  if (course.isPending || progress.isPending) {
    return (
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-16 sm:px-6" role="status">
        <Spinner />
        <p>{t('player.loading')}</p>
      </div>
    );
  }
  if (course.isError || progress.isError) {
    const err = course.error ?? progress.error;
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold">{err instanceof ApiError && err.status === 404 ? t('course.notFoundTitle') : t('pages.coursePlayer')}</h1>
        <p role="alert" className="mt-3 text-muted-foreground">
          {errorText(t, err, t('course.loadFailed'))}
        </p>
        <Link to="/lms" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          {t('course.backToCatalogue')}
        </Link>
      </div>
    );
  }
  const c = course.data;
  if (!progress.data) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold break-words">{localized(c.courseTitle, c.courseTitleFr)}</h1>
        <p className="mt-3 text-muted-foreground">{t('academy:messages.notEnrolled')}</p>
        <Button className="mt-6" onClick={() => enrol.mutate(id, { onError: (err) => notify.error(errorText(t, err, t('course.enrolFailed'))) })} disabled={enrol.isPending}>
          {enrol.isPending ? <Spinner /> : null}
          {t('course.enroll')}
        </Button>
      </div>
    );
  }
  const p = progress.data;
  const seen = new Set(p.seenLessonIds);
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const index = current ? lessons.findIndex((l) => l.id === current.id) : -1;
  const next = index >= 0 ? lessons[index + 1] : undefined;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:py-10">
      <aside className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-start-1" aria-label={t('player.sidebar')}>
        <section className="rounded-xl border p-4">
          <p id="player-progress" className="flex justify-between text-sm font-medium">
            <span>{t('player.progress')}</span>
            <span className="tabular-nums">{p.percent}%</span>
          </p>
          <div className="mt-2">
            <ProgressBar percent={p.percent} aria-labelledby="player-progress" />
          </div>
          {p.completedAt ? <p className="mt-2 text-sm text-success">{t('player.completed')}</p> : null}
        </section>

        <nav aria-labelledby="toc-heading" className="rounded-xl border">
          <h2 id="toc-heading" className="text-lg font-semibold">
            {/* On a phone the contents fold under their heading; on a wide screen they are always shown. */}
            <button
              type="button"
              aria-expanded={tocOpen}
              aria-controls="toc-sections"
              onClick={() => setTocOpen((open) => !open)}
              className="flex w-full items-center gap-2 rounded-xl px-4 py-3 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring lg:hidden"
            >
              <ListIcon className="size-5 shrink-0 text-primary" aria-hidden />
              <span className="flex-1">{t('player.toc')}</span>
              <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', tocOpen && 'rotate-180')} aria-hidden />
            </button>
            <span className="hidden border-b px-4 py-3 lg:block">{t('player.toc')}</span>
          </h2>
          <ul id="toc-sections" className={cn('border-t lg:block lg:border-t-0', !tocOpen && 'hidden')}>
            {c.sections.map((s) => {
              const open = shownSection === s.id;
              return (
                <li key={s.id} className="border-b last:border-b-0">
                  <h3>
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={`toc-${s.id}`}
                      onClick={() => setOpenSection(open ? null : s.id)}
                      className="flex w-full items-center gap-2 px-4 py-3 text-left text-sm font-semibold hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <span className="min-w-0 flex-1 break-words">{localized(s.title, s.titleFr)}</span>
                      <ChevronDownIcon className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
                    </button>
                  </h3>
                  <ul id={`toc-${s.id}`} hidden={!open} className="pb-2">
                    {s.lessons.map((l) => {
                      const isCurrent = l.id === currentId;
                      return (
                        <li key={l.id}>
                          <button
                            type="button"
                            onClick={() => choose({ ...l, sectionId: s.id })}
                            aria-current={isCurrent ? 'true' : undefined}
                            className={cn(
                              'flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring',
                              isCurrent && 'bg-secondary font-medium',
                            )}
                          >
                            <LessonIcon type={l.type} className="size-4 shrink-0 text-primary" />
                            <span className="sr-only">{t(`player.type.${l.type}`)}:</span>
                            <span className="min-w-0 flex-1 break-words">{localized(l.title, l.titleFr)}</span>
                            {l.duration ? <span className="text-xs text-muted-foreground tabular-nums">{l.duration}</span> : null}
                            {seen.has(l.id) ? (
                              <>
                                <CheckCircle2Icon className="size-4 shrink-0 text-success" aria-hidden />
                                <span className="sr-only">{t('player.seen')}</span>
                              </>
                            ) : null}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>

      <div className="grid min-w-0 content-start gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        <div>
          <p className="text-sm text-muted-foreground">
            <Link to={`/lms/courses/${c.id}`} className="underline-offset-4 hover:underline">
              {localized(c.courseTitle, c.courseTitleFr)}
            </Link>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight break-words sm:text-3xl">{current ? localized(current.title, current.titleFr) : t('player.noLesson')}</h1>
        </div>
        {current?.type === 'video' && current.videoId ? (
          <VideoLesson
            key={current.id}
            lessonId={current.id}
            videoId={current.videoId}
            title={localized(current.title, current.titleFr)}
            duration={current.duration}
            watched={p.watchedSeconds[current.id] ?? 0}
            counted={seen.has(current.id)}
            report={reportWatched(current.id)}
          />
        ) : current?.type === 'assignment' && current.assignments ? (
          <AssignmentLesson
            key={current.id}
            courseId={c.id}
            lessonId={current.id}
            assignmentId={current.assignments}
            certificateId={p.certificateId}
            courseCompleted={!!p.completedAt}
            onDone={quizDone}
          />
        ) : current?.type === 'pdf' ? (
          <div className="flex flex-col items-start gap-3 rounded-xl border bg-muted/40 p-6">
            <FileTextIcon className="size-8 text-primary" aria-hidden />
            <Button onClick={() => openPdf(current)}>
              <ExternalLinkIcon aria-hidden />
              {t('player.openPdf')}
            </Button>
          </div>
        ) : null}
        {current ? (
          <div className="flex flex-wrap justify-end gap-2">
            {next ? (
              <Button variant="outline" onClick={() => show(next)} aria-label={t('player.nextNamed', { title: localized(next.title, next.titleFr) })}>
                {t('player.next')}
                <ArrowRightIcon aria-hidden />
              </Button>
            ) : p.certificateId ? (
              <Link to="/certification" className={buttonVariants({ variant: 'outline' })}>
                {t('player.toCertifications')}
                <ArrowRightIcon aria-hidden />
              </Link>
            ) : (
              <Link to={`/lms/courses/${c.id}`} className={buttonVariants({ variant: 'outline' })}>
                {t('player.toCourse')}
                <ArrowRightIcon aria-hidden />
              </Link>
            )}
          </div>
        ) : null}
        {current ? <Questions key={current.id} courseId={c.id} lessonId={current.id} /> : null}
      </div>

      <section aria-labelledby="resources-heading" className="min-w-0 content-start self-start rounded-xl border p-4 lg:col-start-2 lg:row-start-2">
        <h2 id="resources-heading" className="text-lg font-semibold">
          {t('player.resources')}
        </h2>
        <ul className="mt-3 grid gap-2">
          <Resource label={t('player.syllabus')}>
            <a href={`/api/v1/courses/${c.id}/syllabus.pdf?lang=${lang}`} download className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={t('player.downloadNamed', { name: t('player.syllabus') })}>
              <DownloadIcon aria-hidden />
              {t('player.download')}
            </a>
          </Resource>
          {current?.slides ? (
            <Resource label={t('player.slides')}>
              <DownloadButton name={t('player.slides')} onClick={() => download(current.slides!, `${t('player.slides')}.pdf`)} />
            </Resource>
          ) : null}
          {current?.transcript ? (
            <Resource label={t('player.transcript')}>
              <DownloadButton name={t('player.transcript')} onClick={() => download(current.transcript!, `${t('player.transcript')}.pdf`)} />
            </Resource>
          ) : null}
        </ul>
      </section>
    </div>
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
