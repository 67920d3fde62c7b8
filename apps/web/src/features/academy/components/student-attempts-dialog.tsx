import { useTranslation } from 'react-i18next';
import type { StudentOut } from '@meltway/shared/academy/learning.schema';
import { PageError } from '@/components/dashboard/page-shell';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { useStudentAttempts } from '../api/students';

type Props = {
  /** The enrolment whose attempts are shown; null: closed. */
  student: StudentOut | null;
  /** The learner's name as the table shows it. */
  name: string;
  onOpenChange: (open: boolean) => void;
};

/** A Students row's quiz attempts in its course: each quiz, cycle, attempt number, score, result and date. */
export function StudentAttemptsDialog({ student, name, onOpenChange }: Props) {
  const { t, i18n } = useTranslation('learners');
  const errorText = useErrorText();
  const attempts = useStudentAttempts(student?.id);
  const language = i18n.resolvedLanguage;

  return (
    <Dialog open={!!student} onOpenChange={onOpenChange}>
      <DialogContent size="xl">
        <DialogHeader>
          <DialogTitle>{t('attempts.title', { name })}</DialogTitle>
          <DialogDescription>{t('attempts.description', { course: student?.courseTitle ?? '' })}</DialogDescription>
        </DialogHeader>
        {attempts.isPending ? (
          <Spinner label={t('attempts.loading')} className="size-6" />
        ) : attempts.isError ? (
          <PageError message={errorText(attempts.error, t('attempts.loadFailed'))} onRetry={() => void attempts.refetch()} />
        ) : attempts.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('attempts.empty')}</p>
        ) : (
          <Table aria-label={t('attempts.title', { name })}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('attempts.columns.quiz')}</TableHead>
                <TableHead className="text-right">{t('attempts.columns.cycle')}</TableHead>
                <TableHead className="text-right">{t('attempts.columns.number')}</TableHead>
                <TableHead className="text-right">{t('attempts.columns.score')}</TableHead>
                <TableHead>{t('attempts.columns.result')}</TableHead>
                <TableHead>{t('attempts.columns.date')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {attempts.data.map((a) => (
                <TableRow key={a.id}>
                  <TableCell className="font-medium whitespace-normal">{a.quizTitle}</TableCell>
                  <TableCell className="text-right tabular-nums">{a.cycle}</TableCell>
                  <TableCell className="text-right tabular-nums">{a.attemptNumber}</TableCell>
                  <TableCell className="text-right tabular-nums">{a.score} %</TableCell>
                  <TableCell>
                    <Badge variant={a.passed ? 'success' : 'muted'}>{t(a.passed ? 'attempts.passed' : 'attempts.failed')}</Badge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(a.created_at, language, { dateStyle: 'medium', timeStyle: 'short' })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  );
}
