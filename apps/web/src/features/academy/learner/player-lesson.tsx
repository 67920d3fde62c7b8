import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, ExternalLinkIcon, FileTextIcon } from 'lucide-react';
import type { CourseProgressOut } from '@meltway/shared/academy/learning.schema';
import { Button, buttonVariants } from '@/components/ui/button';
import { localized } from '@/lib/localized';
import { AssignmentLesson } from './assignment-lesson';
import type { PlayerLesson } from './use-player';
import { VideoLesson } from './video-lesson';

type Props = {
  courseId: string;
  lesson: PlayerLesson;
  progress: CourseProgressOut;
  onWatched: (watchedSeconds: number) => void;
  onQuizDone: () => void;
  onOpenPdf: (lesson: PlayerLesson) => void;
};

/** The lesson itself, by its type: a video, an assignment, or a PDF to open (keyed by the lesson: a new one starts afresh). */
export function PlayerLessonBody({ courseId, lesson, progress: p, onWatched, onQuizDone, onOpenPdf }: Props) {
  const { t } = useTranslation('lms');
  if (lesson.type === 'video' && lesson.videoId) {
    return (
      <VideoLesson
        lessonId={lesson.id}
        videoId={lesson.videoId}
        title={localized(lesson.title, lesson.titleFr)}
        duration={lesson.duration}
        watched={p.watchedSeconds[lesson.id] ?? 0}
        counted={p.seenLessonIds.includes(lesson.id)}
        report={onWatched}
      />
    );
  }
  if (lesson.type === 'assignment' && lesson.assignments) {
    return <AssignmentLesson courseId={courseId} lessonId={lesson.id} assignmentId={lesson.assignments} certificateId={p.certificateId} courseCompleted={!!p.completedAt} onDone={onQuizDone} />;
  }
  if (lesson.type === 'pdf') {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-muted/40 p-6">
        <FileTextIcon className="size-8 text-primary" aria-hidden />
        <Button onClick={() => onOpenPdf(lesson)}>
          <ExternalLinkIcon aria-hidden />
          {t('player.openPdf')}
        </Button>
      </div>
    );
  }
  return null;
}

/** After the lesson: the next one, or, after the last, the certifications (once earned) or the course's page. */
export function PlayerNextStep({ courseId, next, certified, onNext }: { courseId: string; next: PlayerLesson | undefined; certified: boolean; onNext: (lesson: PlayerLesson) => void }) {
  const { t } = useTranslation('lms');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {next ? (
        <Button variant="outline" onClick={() => onNext(next)} aria-label={t('player.nextNamed', { title: localized(next.title, next.titleFr) })}>
          {t('player.next')}
          <ArrowRightIcon aria-hidden />
        </Button>
      ) : certified ? (
        <Link to="/certification" className={buttonVariants({ variant: 'outline' })}>
          {t('player.toCertifications')}
          <ArrowRightIcon aria-hidden />
        </Link>
      ) : (
        <Link to={`/lms/courses/${courseId}`} className={buttonVariants({ variant: 'outline' })}>
          {t('player.toCourse')}
          <ArrowRightIcon aria-hidden />
        </Link>
      )}
    </div>
  );
}
