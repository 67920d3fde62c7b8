import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { PageError, PageShell } from '@/components/dashboard/page-shell';
import { notify } from '@/lib/notify';
import { useAssignment, useSaveAssignment } from '../api/assignments';
import { errorText, useServerIssues } from '@/lib/error-text';
import { AssignmentBuilder, emptyAssignment } from '../components/assignment-builder';
import { ApiError } from '@/lib/api-client';

/** /dashboard/assignments/add and /dashboard/assignments/:assignmentsId. */
export default function AssignmentBuilderPage() {
  const { assignmentsId } = useParams();
  const { t } = useTranslation(['academy', 'dashboard', 'common']);
  const showServerIssues = useServerIssues();
  const navigate = useNavigate();
  const existing = useAssignment(assignmentsId);
  const save = useSaveAssignment();
  const editing = !!assignmentsId;
  const title = t(editing ? 'dashboard:pages.editAssignment' : 'dashboard:pages.addAssignment');

  if (editing && existing.isError) {
    const notFound = existing.error instanceof ApiError && existing.error.status === 404;
    return (
      <PageShell title={title}>
        <PageError message={notFound ? t('messages.assignmentNotFound') : t('common:messages.generic')} onRetry={notFound ? undefined : () => void existing.refetch()} />
      </PageShell>
    );
  }

  return (
    <PageShell title={title} description={t('assignments.builderDescription')}>
      {editing && existing.isPending ? (
        <Spinner label={t('loading')} className="size-6" />
      ) : (
        <AssignmentBuilder
          key={existing.data?.id ?? 'new'}
          defaultValues={
            existing.data
              ? {
                  title: existing.data.title,
                  questions: existing.data.questions.map((q) => ({ ...q, answers: [...q.answers] })),
                  drawCount: existing.data.drawCount == null ? '' : String(existing.data.drawCount),
                }
              : emptyAssignment()
          }
          submitLabel={t(editing ? 'assignments.save' : 'assignments.create')}
          onSubmit={async (values, form) => {
            try {
              await save.mutateAsync({ id: assignmentsId, input: values });
              notify.success(t(editing ? 'assignments.saved' : 'assignments.created', { title: values.title }));
              await navigate('/dashboard/assignments');
            } catch (error) {
              showServerIssues(error, form.setError);
              notify.error(errorText(t, error, t(editing ? 'messages.assignmentSaveFailed' : 'messages.assignmentCreateFailed')));
            }
          }}
        />
      )}
    </PageShell>
  );
}
