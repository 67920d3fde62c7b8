import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookOpenIcon, SearchIcon } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { localized } from '@/lib/localized';
import { useCurrentUser } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CourseCard } from './course-card';
import { LessonIcon } from './lesson-icon';
import { useMyCourses } from './learning-api';

/** /lms/home: the learner's own courses with their progress and the next lesson of each. */
export default function HomePage() {
  const { t, i18n } = useTranslation(['lms', 'common']);
  useDocumentTitle(t('pages.learnerHome'));
  const user = useCurrentUser();
  const navigate = useNavigate();
  const courses = useMyCourses(!!user);
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/lms?q=${encodeURIComponent(q)}` : '/lms');
  };
  const due = courses.data?.filter((c) => c.nextLesson) ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <h1 className="text-3xl font-bold tracking-tight break-words">{t('home.welcome', { name: user?.fullname ?? '' })}</h1>
        <form role="search" onSubmit={submit} className="flex w-full gap-2 md:max-w-sm">
          <label htmlFor="home-search" className="sr-only">
            {t('catalogue.searchLabel')}
          </label>
          <Input id="home-search" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={t('catalogue.searchPlaceholder')} maxLength={100} className="min-w-0 flex-1" />
          <Button type="submit">
            <SearchIcon aria-hidden />
            {t('catalogue.go')}
          </Button>
        </form>
      </div>

      {courses.isPending ? (
        <div className="mt-10 flex justify-center">
          <Spinner label={t('home.loading')} className="size-6" />
        </div>
      ) : courses.isError ? (
        <p role="alert" className="mt-8 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
          {errorText(t, courses.error, t('home.loadFailed'))}
        </p>
      ) : courses.data.length === 0 ? (
        <div className="mt-10 flex flex-col items-start gap-4 rounded-xl border border-dashed bg-muted/60 p-6 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
            <BookOpenIcon className="size-6" aria-hidden />
          </span>
          <div className="grid flex-1 gap-1">
            <p className="font-semibold">{t('home.emptyTitle')}</p>
            <p className="text-sm text-muted-foreground">{t('home.emptyBody')}</p>
          </div>
          <Link to="/lms" className={buttonVariants()}>
            {t('home.browse')}
          </Link>
        </div>
      ) : (
        <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <section aria-labelledby="enrolled-heading">
            <h2 id="enrolled-heading" className="text-2xl font-bold tracking-tight">
              {t('home.enrolled')}
            </h2>
            <ul className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
              {courses.data.map((c) => (
                <CourseCard key={c.courseId} to={`/lms/course/${c.courseId}`} title={localized(c.courseTitle, c.courseTitleFr)} description={localized(c.description, c.descriptionFr)} cover={c.coverImage}>
                  <div className="mt-auto grid gap-1 pt-2">
                    <p id={`progress-${c.courseId}`} className="flex justify-between text-xs">
                      <span>{c.completedAt ? t('home.completed') : t('home.progressLabel')}</span>
                      <span className="font-medium tabular-nums">{t('home.percent', { percent: c.percent })}</span>
                    </p>
                    <ProgressBar percent={c.percent} aria-labelledby={`progress-${c.courseId}`} />
                  </div>
                </CourseCard>
              ))}
            </ul>
          </section>
          <section aria-labelledby="due-heading">
            <h2 id="due-heading" className="text-2xl font-bold tracking-tight">
              {t('home.nextDue')}
            </h2>
            {due.length === 0 ? (
              <p className="mt-4 text-sm text-muted-foreground">{t('home.allCaughtUp')}</p>
            ) : (
              <ul className="mt-4 grid gap-3">
                {due.map((c) => (
                  <li key={c.courseId} className="flex items-start gap-3 rounded-xl border p-4">
                    <LessonIcon type={c.nextLesson!.type} className="mt-0.5 size-5 shrink-0 text-primary" />
                    <div className="min-w-0 flex-1">
                      <Link to={`/lms/course/${c.courseId}`} className="font-medium break-words underline-offset-4 hover:underline">
                        {localized(c.nextLesson!.title, c.nextLesson!.titleFr)}
                      </Link>
                      <p className="text-sm break-words text-muted-foreground">{localized(c.courseTitle, c.courseTitleFr)}</p>
                      {c.lastActivityAt ? <p className="text-xs text-muted-foreground">{t('home.lastActivity', { date: formatDate(c.lastActivityAt, i18n.language) })}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
