import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, DownloadIcon, RefreshCwIcon, UserRoundIcon } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useCourse } from '@/features/academy/api/courses';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { breadcrumbJsonLd, courseJsonLd } from '@/lib/structured-data';
import { usePageMeta } from '@/lib/use-page-meta';
import { LessonIcon } from './lesson-icon';
import { useEnrol, useProgress, useRecertify } from './learning-api';

/**
 * /lms/courses/:id: the course's banner, syllabus and instructor; Enroll (a visitor signs in first and comes back), or
 * Continue with the learner's progress. A holder whose certificate expired or expires soon (or who follows the
 * reminder's link, `?recertify=1`) gets Renew certification: the course opens again for a new cycle.
 */
export default function CoursePage() {
  const { t, i18n } = useTranslation(['lms', 'academy', 'common']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const course = useCourse(id);
  const progress = useProgress(id, !!user);
  const enrol = useEnrol();
  const recertify = useRecertify();
  const [renewError, setRenewError] = useState<string | null>(null);
  const shown = course.data;
  usePageMeta(
    shown ? localized(shown.courseTitle, shown.courseTitleFr) : t('pages.courseDetails'),
    shown ? localized(shown.description, shown.descriptionFr).slice(0, 160) || undefined : undefined,
    shown
      ? {
          image: shown.coverImage ?? undefined,
          jsonLd: (site) => {
            const url = site.url(`/lms/courses/${shown.id}`);
            return [
              courseJsonLd(shown, { origin: site.origin, url, lang: site.lang }),
              breadcrumbJsonLd([
                { name: t('brand.academy'), url: site.url('/lms') },
                { name: localized(shown.courseTitle, shown.courseTitleFr), url },
              ]),
            ];
          },
        }
      : undefined,
  );
  const player = `/lms/course/${id}`;

  const start = () => {
    if (!user) {
      void navigate(`/login?redirect=${encodeURIComponent(`/lms/courses/${id}?enrol=1`)}`);
      return;
    }
    enrol.mutate(id, {
      onSuccess: () => void navigate(player),
      onError: (err) => notify.error(errorText(t, err, t('course.enrolFailed'))),
    });
  };

  const wantsRenewal = params.get('recertify') === '1';
  const renew = () => {
    if (!user) {
      void navigate(`/login?redirect=${encodeURIComponent(`/lms/courses/${id}?recertify=1`)}`);
      return;
    }
    setRenewError(null);
    recertify.mutate(id, {
      onSuccess: () => void navigate(player),
      onError: (err) => setRenewError(err instanceof ApiError && err.status === 409 ? t('course.renewNotOpen') : errorText(t, err, t('course.renewFailed'))),
    });
  };

  // Back from signing in to enrol: enrol now and open the player.
  const resumed = useRef(false);
  const wantsEnrol = params.get('enrol') === '1';
  useEffect(() => {
    if (!wantsEnrol || !user || !course.data || resumed.current) return;
    resumed.current = true;
    setParams({}, { replace: true });
    enrol.mutate(id, {
      onSuccess: () => void navigate(player),
      onError: (err) => notify.error(errorText(t, err, t('course.enrolFailed'))),
    });
  }, [wantsEnrol, user, course.data, id, enrol, navigate, player, setParams, t]);

  if (course.isPending) {
    return (
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-16 sm:px-6" role="status">
        <Spinner />
        <p>{t('course.loading')}</p>
      </div>
    );
  }
  if (course.isError) {
    // An id that is not a course's (404) or not an id at all (400) names no course.
    const missing = course.error instanceof ApiError && (course.error.status === 404 || course.error.status === 400);
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold">{missing ? t('course.notFoundTitle') : t('pages.courseDetails')}</h1>
        <p role="alert" className="mt-3 text-muted-foreground">
          {missing ? t('course.notFound') : errorText(t, course.error, t('course.loadFailed'))}
        </p>
        <Link to="/lms" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
          {t('course.backToCatalogue')}
        </Link>
      </div>
    );
  }

  const c = course.data;
  const enrolled = !!progress.data;
  const renewable = !!progress.data?.recertifiable || (wantsRenewal && (!user || enrolled));
  return (
    <>
      <section className="relative overflow-hidden bg-navy text-navy-foreground">
        {c.coverImage ? <img src={c.coverImage} alt="" className="absolute inset-0 size-full object-cover opacity-25" /> : null}
        <div className="relative mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
          <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">{t('brand.academy')}</p>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight break-words text-white sm:text-4xl">{localized(c.courseTitle, c.courseTitleFr)}</h1>
          <p className="mt-4 max-w-2xl text-lg break-words text-navy-foreground/90">{localized(c.description, c.descriptionFr) || t('course.fallbackDescription')}</p>
          {renewable ? <p className="mt-6 max-w-2xl text-white">{t('course.renewIntro')}</p> : null}
          {renewError ? (
            <p role="alert" className="mt-4 flex max-w-2xl items-start gap-2 rounded-lg border border-white/40 bg-white/10 px-4 py-3 text-sm text-white">
              <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {renewError}
            </p>
          ) : null}
          <div className="mt-8 flex flex-wrap items-center gap-3">
            {renewable ? (
              <Button size="lg" onClick={renew} disabled={recertify.isPending}>
                {recertify.isPending ? <Spinner /> : <RefreshCwIcon aria-hidden />}
                {t('course.renew')}
              </Button>
            ) : null}
            {enrolled ? (
              <>
                <Link to={player} className={buttonVariants({ size: 'lg' })}>
                  {t('course.continue')}
                </Link>
                <div className="w-full max-w-xs">
                  <p id="course-progress" className="mb-1 text-sm text-white">
                    {t('course.progress', { percent: progress.data!.percent })}
                  </p>
                  <ProgressBar percent={progress.data!.percent} aria-labelledby="course-progress" />
                </div>
              </>
            ) : (
              <Button size="lg" onClick={start} disabled={enrol.isPending || (!!user && progress.isPending)}>
                {enrol.isPending ? <Spinner /> : null}
                {t('course.enroll')}
              </Button>
            )}
            <a
              href={`/api/v1/courses/${c.id}/syllabus.pdf?lang=${i18n.language.startsWith('fr') ? 'fr' : 'en'}`}
              className={buttonVariants({ variant: 'outline', size: 'lg', className: 'bg-transparent text-white hover:bg-white/10 hover:text-white' })}
              download
            >
              <DownloadIcon aria-hidden />
              {t('course.syllabusPdf')}
            </a>
          </div>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="syllabus-heading">
          <h2 id="syllabus-heading" className="text-2xl font-bold tracking-tight">
            {t('course.syllabus')}
          </h2>
          {c.sections.length === 0 ? (
            <p className="mt-4 text-muted-foreground">{t('course.noLessons')}</p>
          ) : (
            <ol className="mt-4 grid gap-4">
              {c.sections.map((s, i) => (
                <li key={s.id} className="rounded-xl border">
                  <h3 className="border-b bg-muted/50 px-4 py-3 font-semibold break-words">
                    {t('course.sectionTitle', { n: i + 1, title: localized(s.title, s.titleFr) })}
                  </h3>
                  <ul className="divide-y">
                    {s.lessons.map((l) => (
                      <li key={l.id} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                        <LessonIcon type={l.type} className="size-4 shrink-0 text-primary" />
                        <span className="min-w-0 flex-1 break-words">{localized(l.title, l.titleFr)}</span>
                        <span className="sr-only">{t(`player.type.${l.type}`)}</span>
                        {l.duration ? <span className="text-muted-foreground tabular-nums">{l.duration}</span> : null}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="instructor-heading">
          <h2 id="instructor-heading" className="text-2xl font-bold tracking-tight">
            {t('course.aboutInstructor')}
          </h2>
          <div className="mt-4 flex gap-4 rounded-xl border p-4">
            {c.author.image ? (
              <img src={c.author.image} alt="" className="size-16 shrink-0 rounded-full object-cover" />
            ) : (
              <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-secondary text-primary" aria-hidden>
                <UserRoundIcon className="size-8" />
              </span>
            )}
            <div className="min-w-0">
              <p className="font-semibold break-words">{c.author.name}</p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">{c.author.description}</p>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
