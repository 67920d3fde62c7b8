import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ClipboardCheckIcon, DownloadIcon } from 'lucide-react';
import { SubmissionGradeInput, type SubmissionOut } from '@meltway/shared/academy/learning.schema';
import { SubmitButton } from '@/components/admin/form-actions';
import { FormDialog } from '@/components/admin/form-dialog';
import { actionsColumn } from '@/components/data-table/columns';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { PageShell } from '@/components/dashboard/page-shell';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea';
import { errorText, useServerIssues } from '@/lib/error-text';
import { useFieldText } from '@/lib/field-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCourses } from '../api/courses';
import { downloadSubmission, fetchSubmissionsPage, learningKeys, useGradeSubmission, type SubmissionFilters } from '../api/learning';

const GRADED = ['yes', 'no'] as const;

/** /dashboard/submissions: files learners handed in, filtered by course and grading, downloaded and graded with a comment (admins). */
export default function SubmissionsPage() {
  const { t, i18n } = useTranslation(['assignments', 'dashboard']);
  const language = i18n.resolvedLanguage;
  const courses = useCourses();
  const { get, set } = useTableUrlState();
  const [grading, setGrading] = useState<SubmissionOut | null>(null);

  const courseOptions = (courses.data ?? []).map((c) => ({ value: c.id, label: c.courseTitle }));
  const filters: SubmissionFilters = {
    courseId: courseOptions.find((c) => c.value === get('courseId'))?.value,
    graded: GRADED.find((g) => g === get('graded')),
  };

  const columns = useMemo<ColumnDef<SubmissionOut>[]>(
    () => [
      { accessorKey: 'learnerName', header: t('dashboard.learner'), meta: { label: t('dashboard.learner') } },
      { accessorKey: 'courseTitle', header: t('dashboard.course'), meta: { label: t('dashboard.course'), className: 'min-w-40 whitespace-normal' } },
      {
        accessorKey: 'fileName',
        header: t('dashboard.file'),
        meta: { label: t('dashboard.file'), className: 'max-w-56 whitespace-normal break-all' },
      },
      {
        accessorKey: 'created_at',
        header: t('dashboard.handedIn'),
        meta: { label: t('dashboard.handedIn') },
        cell: ({ row }) => formatDate(row.original.created_at, language),
      },
      {
        id: 'grade',
        accessorFn: (s) => s.grade ?? -1,
        header: t('dashboard.grade'),
        meta: { label: t('dashboard.grade'), className: 'min-w-40 whitespace-normal' },
        cell: ({ row }) =>
          row.original.grade === null ? (
            <span className="text-muted-foreground">{t('dashboard.notGraded')}</span>
          ) : (
            <div className="grid gap-1">
              <span className="font-semibold">{row.original.grade}/100</span>
              {row.original.gradeComment ? <span className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground">{row.original.gradeComment}</span> : null}
            </div>
          ),
      },
      actionsColumn<SubmissionOut>(t('dashboard:table.actions'), (s) => (
        <div className="flex items-center justify-end gap-1">
          <DownloadFile submission={s} />
          <Button variant="outline" size="sm" onClick={() => setGrading(s)} aria-label={t('dashboard.gradeFile', { name: s.fileName })}>
            <ClipboardCheckIcon aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('dashboard.gradeAction')}</span>
          </Button>
        </div>
      )),
    ],
    [t, language],
  );

  const toolbar = (
    <>
      <SelectFilter
        value={filters.courseId}
        onChange={(courseId) => set({ courseId })}
        label={t('dashboard.courseFilter')}
        allLabel={t('dashboard.allCourses')}
        options={courseOptions}
        wide
      />
      <SelectFilter
        value={filters.graded}
        onChange={(graded) => set({ graded })}
        label={t('dashboard.gradedFilter')}
        allLabel={t('dashboard.allStates')}
        options={[
          { value: 'yes', label: t('dashboard.graded') },
          { value: 'no', label: t('dashboard.ungraded') },
        ]}
      />
    </>
  );

  return (
    <PageShell title={t('dashboard:pages.submissions')} description={t('dashboard.description')}>
      <DataTable
        mode="server"
        label={t('dashboard:pages.submissions')}
        columns={columns}
        queryKey={learningKeys.submissionList({ ...filters })}
        fetchPage={(request: PageRequest) => fetchSubmissionsPage(request, filters)}
        getRowId={(s) => s.id}
        toolbar={toolbar}
        emptyMessage={t('dashboard.empty')}
      />
      <GradeDialog submission={grading} onOpenChange={(open) => !open && setGrading(null)} />
    </PageShell>
  );
}

/** Fetches the private file with the session's token and saves it; a failure is a toast. */
function DownloadFile({ submission }: { submission: SubmissionOut }) {
  const { t } = useTranslation(['assignments', 'common']);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadSubmission(submission);
    } catch (error) {
      notify.error(errorText(t, error, t('dashboard.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={() => void run()} aria-label={t('dashboard.downloadFile', { name: submission.fileName })}>
      {busy ? <Spinner /> : <DownloadIcon aria-hidden />}
      <span className="sr-only sm:not-sr-only">{t('dashboard.download')}</span>
    </Button>
  );
}

function GradeDialog({ submission, onOpenChange }: { submission: SubmissionOut | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('assignments');
  return (
    <FormDialog
      open={!!submission}
      onOpenChange={onOpenChange}
      className="max-w-lg"
      title={t('dashboard.gradeTitle', { name: submission?.fileName ?? '' })}
      description={submission ? t('dashboard.gradeDescription', { learner: submission.learnerName, course: submission.courseTitle }) : null}
    >
      {(done) => (submission ? <GradeForm submission={submission} onDone={done} /> : null)}
    </FormDialog>
  );
}

function GradeForm({ submission, onDone }: { submission: SubmissionOut; onDone: () => void }) {
  const { t } = useTranslation(['assignments', 'common']);
  const message = useFieldText();
  const showServerIssues = useServerIssues();
  const uid = useId();
  const grade = useGradeSubmission();
  const form = useSchemaForm(SubmissionGradeInput, {
    grade: (submission.grade === null ? '' : String(submission.grade)) as unknown as number,
    comment: submission.gradeComment ?? '',
  });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await grade.mutateAsync({ id: submission.id, input: values });
      notify.success(t('dashboard.saved'));
      onDone();
    } catch (error) {
      if (!showServerIssues(error, setError, { fields: ['grade', 'comment'] })) notify.error(errorText(t, error, t('dashboard.saveFailed')));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <TextField
        id={`${uid}-grade`}
        label={t('dashboard.gradeLabel')}
        type="number"
        min={0}
        max={100}
        step={1}
        inputMode="numeric"
        error={message(errors.grade?.message)}
        {...register('grade', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v)) })}
      />
      <TextareaField id={`${uid}-comment`} label={t('dashboard.commentLabel')} error={message(errors.comment?.message)} {...register('comment')} />
      <SubmitButton pending={grade.isPending}>{t('dashboard.save')}</SubmitButton>
    </form>
  );
}
