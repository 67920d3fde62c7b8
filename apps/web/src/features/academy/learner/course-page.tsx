import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, DownloadIcon, RefreshCwIcon, UserRoundIcon } from 'lucide-react';
import type { CourseOut } from '@meltway/shared/academy/course.schema';
import { QueryState } from '@/components/query-state';
import { Button, buttonVariants } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { localized } from '@/lib/localized';
import { CourseLoading, CourseUnavailable } from './course-states';
import { LessonIcon } from './lesson-icon';
import { useCoursePage, type CoursePageState } from './use-course-page';

/**
 * /lms/courses/:id: the course's banner, syllabus and instructor; Enroll (a visitor signs in first and comes back), or
 * Continue with the learner's progress. A holder whose certificate expired or expires soon (or who follows the
 * reminder's link, `?recertify=1`) gets Renew certification: the course opens again for a new cycle.
 */
export default function CoursePage() {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  const { id = '' } = useParams();
  const page = useCoursePage(id);
  const missing = <CourseUnavailable title={t('course.notFoundTitle')} message={t('course.notFound')} />;

  return (
    <QueryState
      query={page.course}
      loading={<CourseLoading label={t('course.loading')} />}
      notFound={missing}
      // Not an id at all (400) names no course either.
      failed={(error) =>
        error instanceof ApiError && error.status === 400 ? missing : <CourseUnavailable title={t('pages.courseDetails')} message={errorText(t, error, t('course.loadFailed'))} />
      }
    >
      {(course) => (
        <>
          <CourseBanner course={course} page={page} />
          <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <CourseSyllabus course={course} />
            <CourseInstructor author={course.author} />
          </div>
        </>
      )}
    </QueryState>
  );
}

/** The banner: the course's title and description, and what the learner can do (renew, enroll or continue, the syllabus). */
function CourseBanner({ course: c, page }: { course: CourseOut; page: CoursePageState }) {
  const { t, i18n } = useTranslation(['lms', 'academy', 'common']);
  const progress = page.progress.data;
  return (
    <section className="relative overflow-hidden bg-navy text-navy-foreground">
      {c.coverImage ? <img src={c.coverImage} alt="" className="absolute inset-0 size-full object-cover opacity-25" /> : null}
      <div className="relative mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16">
        <p className="text-sm font-semibold tracking-wide text-sky-300 uppercase">{t('brand.academy')}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight break-words text-white sm:text-4xl">{localized(c.courseTitle, c.courseTitleFr)}</h1>
        <p className="mt-4 max-w-2xl text-lg break-words text-navy-foreground/90">{localized(c.description, c.descriptionFr) || t('course.fallbackDescription')}</p>
        {page.renewable ? <p className="mt-6 max-w-2xl text-white">{t('course.renewIntro')}</p> : null}
        {page.renewError ? (
          <p role="alert" className="mt-4 flex max-w-2xl items-start gap-2 rounded-lg border border-white/40 bg-white/10 px-4 py-3 text-sm text-white">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {page.renewError}
          </p>
        ) : null}
        <div className="mt-8 flex flex-wrap items-center gap-3">
          {page.renewable ? (
            <Button size="lg" onClick={page.renew} disabled={page.renewing}>
              {page.renewing ? <Spinner /> : <RefreshCwIcon aria-hidden />}
              {t('course.renew')}
            </Button>
          ) : null}
          {progress ? (
            <>
              <Link to={page.player} className={buttonVariants({ size: 'lg' })}>
                {t('course.continue')}
              </Link>
              <div className="w-full max-w-xs">
                <p id="course-progress" className="mb-1 text-sm text-white">
                  {t('course.progress', { percent: progress.percent })}
                </p>
                <ProgressBar percent={progress.percent} aria-labelledby="course-progress" />
              </div>
            </>
          ) : (
            <Button size="lg" onClick={page.start} disabled={page.enrolling || page.waiting}>
              {page.enrolling ? <Spinner /> : null}
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
  );
}

/** The syllabus: each section's lessons, with their kind and length. */
function CourseSyllabus({ course: c }: { course: CourseOut }) {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  return (
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
  );
}

/** About the instructor: their picture (or a placeholder), name and description. */
function CourseInstructor({ author }: { author: CourseOut['author'] }) {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  return (
    <section aria-labelledby="instructor-heading">
      <h2 id="instructor-heading" className="text-2xl font-bold tracking-tight">
        {t('course.aboutInstructor')}
      </h2>
      <div className="mt-4 flex gap-4 rounded-xl border p-4">
        {author.image ? (
          <img src={author.image} alt="" className="size-16 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-secondary text-primary" aria-hidden>
            <UserRoundIcon className="size-8" />
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold break-words">{author.name}</p>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">{author.description}</p>
        </div>
      </div>
    </section>
  );
}
