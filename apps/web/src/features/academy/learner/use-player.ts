import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonOut } from '@meltway/shared/academy/course.schema';
import { useCourse } from '@/features/academy/api/courses';
import { errorText } from '@/lib/error-text';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';
import { fetchDocumentPath, useProgress, useRecordProgress, useRefreshProgress } from './learning-api';

/** A lesson of the course, with the section it sits in. */
export type PlayerLesson = LessonOut & { sectionId: string };

/**
 * The player's state: the course and the learner's progress, the lesson shown (the one picked, or the one the server
 * says they were on), the open section of the table of contents, and what the learner can do with a lesson.
 */
export function usePlayer(id: string) {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  const course = useCourse(id);
  const progress = useProgress(id);
  const record = useRecordProgress(id);
  /** The lesson the learner picked; until then the one the server says they were on. */
  const [chosenId, setChosenId] = useState<string | null>(null);
  /** The open section of the table of contents; undefined: the current lesson's. */
  const [openSection, setOpenSection] = useState<string | null | undefined>(undefined);
  const opened = useRef(new Set<string>());
  /** The table of contents on a phone: folded until asked for (always shown on a wide screen). */
  const [tocOpen, setTocOpen] = useState(false);
  const refreshProgress = useRefreshProgress(id);

  const lessons: PlayerLesson[] = useMemo(() => course.data?.sections.flatMap((s) => s.lessons.map((l) => ({ ...l, sectionId: s.id }))) ?? [], [course.data]);
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
  const show = (lesson: PlayerLesson) => {
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
  const choose = (lesson: PlayerLesson) => (lesson.type === 'pdf' ? openPdf(lesson) : show(lesson));
  // A graded attempt may have made the quiz lesson count, and the course earn its certificate.
  const quizDone = () => void refreshProgress();

  const index = current ? lessons.findIndex((l) => l.id === current.id) : -1;
  const next = index >= 0 ? lessons[index + 1] : undefined;
  return { course, progress, current, next, shownSection, setOpenSection, tocOpen, setTocOpen, show, choose, openPdf, reportWatched, quizDone };
}
