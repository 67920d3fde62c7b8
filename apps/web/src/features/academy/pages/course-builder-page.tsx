import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { courseToInput } from '@meltway/shared/academy/course.schema';
import { Spinner } from '@/components/ui/spinner';
import { PageError, PageShell } from '@/components/dashboard/page-shell';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAssignments } from '../api/assignments';
import { useAuthors } from '../api/authors';
import { useCourse, useSaveCourse } from '../api/courses';
import { useDocs } from '../api/documents';
import { errorText, useServerIssues } from '@/lib/error-text';
import { CourseBuilder } from '../components/course-builder';
import { emptyCourse } from '../components/course-form';

/** /dashboard/courses/add and /dashboard/courses/:courseId. */
export default function CourseBuilderPage() {
  const { courseId } = useParams();
  const { t } = useTranslation(['academy', 'dashboard', 'common']);
  const showServerIssues = useServerIssues();
  const navigate = useNavigate();
  const course = useCourse(courseId);
  const save = useSaveCourse();
  // The selects show stored choices only once their options are there.
  const authors = useAuthors();
  const assignments = useAssignments();
  const docs = useDocs();
  const editing = !!courseId;
  const title = t(editing ? 'builder.editTitle' : 'dashboard:pages.addCourse');

  if (editing && course.isError) {
    const notFound = course.error instanceof ApiError && course.error.status === 404;
    return (
      <PageShell title={title}>
        <PageError
          message={notFound ? t('messages.courseNotFound') : t('common:messages.generic')}
          onRetry={notFound ? undefined : () => void course.refetch()}
        />
      </PageShell>
    );
  }

  const ready = (!editing || course.data) && !authors.isPending && !assignments.isPending && !docs.isPending;
  return (
    <PageShell title={title} description={editing && course.data ? course.data.courseTitle : t('builder.pageDescription')}>
      {!ready ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner />
          {t('loading')}
        </p>
      ) : (
        <CourseBuilder
          key={course.data?.id ?? 'new'}
          defaultValues={course.data ? courseToInput(course.data) : emptyCourse()}
          onSubmit={async (values, form) => {
            try {
              const saved = await save.mutateAsync({ id: courseId, input: values });
              if (editing) {
                notify.success(t('messages.courseSaved'));
                form.reset(courseToInput(saved));
              } else {
                notify.success(t('messages.courseCreated'));
                await navigate('/dashboard/courses');
              }
            } catch (error) {
              const placed = showServerIssues(error, form.setError);
              const fallback = t(editing ? 'messages.courseSaveFailed' : 'messages.courseCreateFailed');
              notify.error(!placed && error instanceof ApiError && error.status !== 400 ? errorText(t, error, fallback) : fallback);
            }
          }}
        />
      )}
    </PageShell>
  );
}
