import type { TFunction } from 'i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ListChecksIcon, Trash2Icon, UserIcon } from 'lucide-react';
import type { StudentOut } from '@meltway/shared/academy/learning.schema';
import { actionsColumn } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { formatDate } from '@/lib/format';

/** Figures: their headers may wrap to two lines ("Avg. Quiz / Score"), so the table fits at 1280 px beside the sidebar. */
const NUMBER = 'w-20 whitespace-normal!';

/** The French name given on Add New Student, on French pages; the account's name otherwise. */
export const studentNameIn = (s: StudentOut, language: string | undefined) => (language === 'fr' && s.studentNameFr ? s.studentNameFr : s.studentName);

/** What a row's buttons do: its quiz attempts for everyone, its removal for an admin only. */
type RowActions = { view: (student: StudentOut) => void; remove?: (student: StudentOut) => void };

/**
 * The columns of Students Management: course, student (picture, name, email), progress, last activity, the quiz
 * figures, when the enrolment began, and the row's buttons.
 */
export function studentColumns(t: TFunction<['learners', 'dashboard']>, language: string | undefined, actions: RowActions): ColumnDef<StudentOut>[] {
  const nameOf = (s: StudentOut) => studentNameIn(s, language);
  const { view, remove } = actions;
  const plain = (id: string, header: string, className?: string) => ({ id, header, enableSorting: false, meta: { label: header, className } });
  return [
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
    actionsColumn<StudentOut>(t('students.columns.actions'), (s) => (
      <span className="flex gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={() => view(s)}
          aria-label={t('students.attemptsLabel', { name: nameOf(s), course: s.courseTitle })}
          title={t('students.attempts')}
        >
          <ListChecksIcon aria-hidden />
        </Button>
        {remove ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-destructive hover:text-destructive"
            onClick={() => remove(s)}
            aria-label={t('students.deleteLabel', { name: nameOf(s), course: s.courseTitle })}
          >
            <Trash2Icon aria-hidden />
          </Button>
        ) : null}
      </span>
    )),
  ];
}
