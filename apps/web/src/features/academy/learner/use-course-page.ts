import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseOut } from '@meltway/shared/academy/course.schema';
import { useCourse } from '@/features/academy/api/courses';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { localized } from '@/lib/localized';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/lib/session';
import { breadcrumbJsonLd, courseJsonLd } from '@/lib/structured-data';
import { usePageMeta } from '@/lib/use-page-meta';
import { useEnrol, useProgress, useRecertify } from './learning-api';

/** The course's title, description, picture and structured data for the document's head. */
function useCourseMeta(shown: CourseOut | undefined) {
  const { t } = useTranslation(['lms', 'academy', 'common']);
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
}

/**
 * The course page's state: the course and the learner's progress, and what the page's buttons do. Enroll and Renew
 * send a visitor to sign in first, with the address to come back to (`?enrol=1`, `?recertify=1`); back from it, the
 * enrolment goes ahead on its own and the player opens.
 */
export function useCoursePage(id: string) {
  const { t } = useTranslation(['lms', 'academy', 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const course = useCourse(id);
  const progress = useProgress(id, !!user);
  const enrol = useEnrol();
  const recertify = useRecertify();
  const [renewError, setRenewError] = useState<string | null>(null);
  useCourseMeta(course.data);
  const player = `/lms/course/${id}`;
  const signInFirst = (back: string) => {
    void navigate(`/login?redirect=${encodeURIComponent(`/lms/courses/${id}?${back}`)}`);
  };

  const start = () => {
    if (!user) {
      signInFirst('enrol=1');
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
      signInFirst('recertify=1');
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

  const enrolled = !!progress.data;
  const renewable = !!progress.data?.recertifiable || (wantsRenewal && (!user || enrolled));
  return { course, progress, player, start, renew, renewable, renewError, enrolling: enrol.isPending, renewing: recertify.isPending, waiting: !!user && progress.isPending };
}

export type CoursePageState = ReturnType<typeof useCoursePage>;
