import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ListChecksIcon, PlusIcon, Trash2Icon, UserIcon } from 'lucide-react';
import type { StudentOut } from '@meltway/shared/academy/learning.schema';
import { deleteWithToast } from '@/components/admin/delete-with-toast';
import { useCrudDialogs } from '@/components/admin/use-crud-dialogs';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageShell } from '@/components/dashboard/page-shell';
import { actionsColumn } from '@/components/data-table/columns';
import { DataTable, type PageRequest } from '@/components/data-table/data-table';
import { SelectFilter } from '@/components/data-table/select-filter';
import { useTableUrlState } from '@/components/data-table/table-url-state';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { academyKeys } from '../api/academy-keys';
import { useCourses } from '../api/courses';
import { fetchStudentsPage, useRemoveStudent } from '../api/students';
import { AddStudentDialog } from '../components/add-student-dialog';
import { StudentAttemptsDialog } from '../components/student-attempts-dialog';

/** Figures: their headers may wrap to two lines ("Avg. Quiz / Score"), so the table fits at 1280 px beside the sidebar. */
const NUMBER = 'w-20 whitespace-normal!';

/** The French name given on Add New Student, on French pages; the account's name otherwise. */
const studentNameIn = (s: StudentOut, language: string | undefined) => (language === 'fr' && s.studentNameFr ? s.studentNameFr : s.studentName);

/**
 * Students Management (SPEC.md §2): every enrolment with its learner's real progress, last activity and
 * quiz figures, each row's quiz attempts in a dialog. Admins add and remove students; a dealer reads its own
 * contractors' rows.
 */
export default function StudentsPage() {
  const { t, i18n } = useTranslation(['learners', 'dashboard']);
  const language = i18n.resolvedLanguage;
  const errorText = useErrorText();
  const user = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const courses = useCourses();
  const { state, get, set } = useTableUrlState();
  const courseId = courses.data?.some((c) => c.id === get('course')) ? get('course') : undefined;
  const remove = useRemoveStudent();
  const crud = useCrudDialogs<StudentOut>();
  const { askDelete } = crud;
  const [viewing, setViewing] = useState<StudentOut | null>(null);

  const columns = useMemo<ColumnDef<StudentOut>[]>(() => {
    // The French name given on Add New Student, on French pages; the account's name otherwise.
    const nameOf = (s: StudentOut) => studentNameIn(s, language);
    const plain = (id: string, header: string, className?: string) => ({ id, header, enableSorting: false, meta: { label: header, className } });
    const list: ColumnDef<StudentOut>[] = [
      {
        ...plain('course', t('students.columns.courseId')),
        accessorFn: (s) => s.courseTitle,
        meta: { label: t('students.columns.courseId'), csv: (s: StudentOut) => s.courseId },
        cell: ({ row }) => <span className="line-clamp-2 min-w-36 font-medium">{row.original.courseTitle}</span>,
      },
      {
        ...plain('studentName', t('students.columns.studentName')),
        accessorFn: nameOf,
        meta: { label: t('students.columns.studentName'), csv: (s: StudentOut) => `${nameOf(s)} <${s.email}>` },
        cell: ({ row }) => (
          <span className="flex min-w-40 items-center gap-3">
            {row.original.image ? (
              <img src={row.original.image} alt="" loading="lazy" className="size-9 max-w-none shrink-0 rounded-full border object-cover" />
            ) : (
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted" aria-hidden>
                <UserIcon className="size-4 text-muted-foreground" />
              </span>
            )}
            <span className="grid min-w-0">
              <span className="font-medium">{nameOf(row.original)}</span>
              <a href={`mailto:${row.original.email}`} className="max-w-52 truncate text-xs text-muted-foreground underline-offset-4 hover:underline" title={row.original.email}>
                {row.original.email}
              </a>
            </span>
          </span>
        ),
      },
      {
        ...plain('progress', t('students.columns.progress')),
        accessorFn: (s) => s.progress,
        cell: ({ row }) => (
          <span className="flex min-w-28 items-center gap-2">
            <span className="flex-1">
              <ProgressBar percent={row.original.progress} aria-label={t('students.progressOf', { name: nameOf(row.original), course: row.original.courseTitle })} />
            </span>
            <span className="w-11 text-right tabular-nums">{row.original.progress} %</span>
          </span>
        ),
      },
      {
        ...plain('lastActivity', t('students.columns.lastActivity'), 'whitespace-normal!'),
        accessorFn: (s) => s.lastActivity ?? '',
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{row.original.lastActivity ? formatDate(row.original.lastActivity, language) : t('students.never')}</span>
        ),
      },
      {
        ...plain('avgScore', t('students.columns.avgScore'), NUMBER),
        accessorFn: (s) => s.avgScore ?? '',
        cell: ({ row }) => <span className="tabular-nums">{row.original.avgScore === null ? t('students.noScore') : `${row.original.avgScore} %`}</span>,
      },
      { ...plain('quizzesTaken', t('students.columns.quizzesTaken'), NUMBER), accessorFn: (s) => s.quizzesTaken, cell: ({ row }) => <span className="tabular-nums">{row.original.quizzesTaken}</span> },
      { ...plain('quizzesMissed', t('students.columns.quizzesMissed'), NUMBER), accessorFn: (s) => s.quizzesMissed, cell: ({ row }) => <span className="tabular-nums">{row.original.quizzesMissed}</span> },
      {
        ...plain('created_at', t('students.columns.createdAt'), 'whitespace-normal!'),
        accessorFn: (s) => s.created_at,
        meta: { label: t('students.columns.createdAt'), className: 'whitespace-normal!', csv: (s: StudentOut) => s.created_at.slice(0, 10) },
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.created_at, language)}</span>,
      },
    ];
    list.push(
      actionsColumn<StudentOut>(t('students.columns.actions'), (s) => (
        <span className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => setViewing(s)}
            aria-label={t('students.attemptsLabel', { name: nameOf(s), course: s.courseTitle })}
            title={t('students.attempts')}
          >
            <ListChecksIcon aria-hidden />
          </Button>
          {isAdmin ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-destructive hover:text-destructive"
              onClick={() => askDelete(s)}
              aria-label={t('students.deleteLabel', { name: nameOf(s), course: s.courseTitle })}
            >
              <Trash2Icon aria-hidden />
            </Button>
          ) : null}
        </span>
      )),
    );
    return list;
  }, [t, language, isAdmin, askDelete]);

  const courseFilter = (
    <SelectFilter
      value={courseId}
      onChange={(value) => set({ course: value, page: undefined })}
      label={t('students.courseFilter')}
      allLabel={t('students.allCourses')}
      options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.courseTitle }))}
      wide
    />
  );

  const deleting = crud.deleting;
  return (
    <PageShell
      title={t('students.title')}
      description={t(isAdmin ? 'students.descriptionAdmin' : 'students.descriptionDealer')}
      actions={
        isAdmin ? (
          <Button onClick={crud.create}>
            <PlusIcon aria-hidden />
            {t('students.add')}
          </Button>
        ) : null
      }
    >
      <DataTable
        mode="server"
        label={t('students.title')}
        columns={columns}
        queryKey={academyKeys.studentList({ courseId })}
        fetchPage={(request: PageRequest) => fetchStudentsPage(request, { courseId })}
        getRowId={(s) => s.id}
        filterColumn="studentName"
        filterPlaceholder={t('students.filter')}
        toolbar={courseFilter}
        // A search or a course that matches nothing says so like every list; no enrolment at all is "No students yet".
        emptyMessage={state.q || courseId ? undefined : t('students.empty')}
        exportName="students"
      />
      {isAdmin ? <AddStudentDialog {...crud.formDialog} /> : null}
      <StudentAttemptsDialog student={viewing} name={viewing ? studentNameIn(viewing, language) : ''} onOpenChange={(open) => !open && setViewing(null)} />
      <ConfirmDialog
        {...crud.confirmDialog((s) =>
          deleteWithToast(remove, s.id, t('students.deleted', { name: studentNameIn(s, language), course: s.courseTitle }), (error) => errorText(error, t('students.deleteFailed'))),
        )}
        title={t('students.deleteTitle', { name: deleting ? studentNameIn(deleting, language) : '' })}
        description={t('students.deleteDescription', { name: deleting ? studentNameIn(deleting, language) : '', course: deleting?.courseTitle ?? '' })}
        confirmLabel={t('students.delete')}
      />
    </PageShell>
  );
}
