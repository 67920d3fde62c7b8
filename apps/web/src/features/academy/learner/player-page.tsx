import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseOut } from '@meltway/shared/academy/course.schema';
import type { CourseProgressOut } from '@meltway/shared/academy/learning.schema';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';
import { CourseLoading, CourseUnavailable } from './course-states';
import { useEnrol } from './learning-api';
import { PlayerContents } from './player-contents';
import { PlayerLessonBody, PlayerNextStep } from './player-lesson';
import { PlayerResources } from './player-resources';
import { Questions } from './questions';
import { usePlayer } from './use-player';

/**
 * /lms/course/:id: the lesson on the left, the table of contents, progress and resources on the right (SPEC.md §2,
 * §4). On a phone the table of contents comes first, folded, then the lesson and its questions.
 */
export default function PlayerPage() {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  const { id = '' } = useParams();
  const player = usePlayer(id);
  const { course, progress, current, next } = player;

  if (course.isPending || progress.isPending) return <CourseLoading label={t('player.loading')} />;
  if (course.isError || progress.isError) return <PlayerLoadFailed error={course.error ?? progress.error} />;
  const c = course.data;
  if (!progress.data) return <PlayerEnrolPrompt courseId={id} course={c} />;
  const p = progress.data;
  const seen = new Set(p.seenLessonIds);

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:py-10">
      <aside className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-start-1" aria-label={t('player.sidebar')}>
        <PlayerProgress progress={p} />
        <PlayerContents
          sections={c.sections}
          currentId={current?.id}
          seen={seen}
          shownSection={player.shownSection}
          onOpenSection={player.setOpenSection}
          tocOpen={player.tocOpen}
          onToggleToc={() => player.setTocOpen((open) => !open)}
          onChoose={player.choose}
        />
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
        {current ? (
          <>
            <PlayerLessonBody key={current.id} courseId={c.id} lesson={current} progress={p} onWatched={player.reportWatched(current.id)} onQuizDone={player.quizDone} onOpenPdf={player.openPdf} />
            <PlayerNextStep courseId={c.id} next={next} certified={!!p.certificateId} onNext={player.show} />
            <Questions key={current.id} courseId={c.id} lessonId={current.id} />
          </>
        ) : null}
      </div>

      <PlayerResources courseId={c.id} lesson={current} />
    </div>
  );
}

function PlayerLoadFailed({ error }: { error: Error | null }) {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  const title = error instanceof ApiError && error.status === 404 ? t('course.notFoundTitle') : t('pages.coursePlayer');
  return <CourseUnavailable title={title} message={errorText(t, error, t('course.loadFailed'))} />;
}

/** Signed in but not enrolled: the course's title and its Enroll button. */
function PlayerEnrolPrompt({ courseId, course }: { courseId: string; course: CourseOut }) {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  const enrol = useEnrol();
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h1 className="text-2xl font-bold break-words">{localized(course.courseTitle, course.courseTitleFr)}</h1>
      <p className="mt-3 text-muted-foreground">{t('academy:messages.notEnrolled')}</p>
      <Button className="mt-6" onClick={() => enrol.mutate(courseId, { onError: (err) => notify.error(errorText(t, err, t('course.enrolFailed'))) })} disabled={enrol.isPending}>
        {enrol.isPending ? <Spinner /> : null}
        {t('course.enroll')}
      </Button>
    </div>
  );
}

function PlayerProgress({ progress: p }: { progress: CourseProgressOut }) {
  const { t } = useTranslation('lms');
  return (
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
  );
}
