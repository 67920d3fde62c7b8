import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2Icon, RotateCcwIcon, XCircleIcon } from 'lucide-react';
import type { AttemptOut, QuizOut } from '@meltway/shared/academy/learning.schema';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { cn } from '@/lib/utils';
import { newAttemptKey, useQuiz, useSubmitAttempt } from '../api/learning';
import { answersOf, attemptsLeft, canTryAgain, latestAttempt, unanswered, type Choices } from './quiz-state';

type Props = { courseId: string; lessonId: string; assignmentId: string; onDone: () => void };

/**
 * The quiz overlay of the course player (SPEC.md §2, §4): the questions as radio groups, Submit, then the
 * score, passed or not, which questions were answered right (only after submitting: the key stays on the
 * server), the attempts left and Try again. Calls `onDone` after each graded attempt.
 */
export function AssignmentLesson({ courseId, lessonId, assignmentId, onDone }: Props) {
  const { t } = useTranslation('assignments');
  const quiz = useQuiz(assignmentId, courseId);
  const titleId = useId();

  if (quiz.isPending) {
    return (
      <section aria-label={t('quiz.label')} className="grid place-items-center rounded-xl border bg-card p-10" data-lesson={lessonId}>
        <Spinner label={t('quiz.loading')} className="size-6" />
      </section>
    );
  }
  if (quiz.isError) {
    return (
      <section aria-label={t('quiz.label')} className="grid gap-3 rounded-xl border bg-card p-6" data-lesson={lessonId}>
        <Alert variant="error">{t('quiz.loadFailed')}</Alert>
        <Button variant="outline" className="justify-self-start" onClick={() => void quiz.refetch()}>
          {t('quiz.retryLoad')}
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby={titleId} className="grid gap-5 rounded-xl border bg-card p-4 shadow-sm sm:p-6" data-lesson={lessonId}>
      <QuizBody key={quiz.data.id} quiz={quiz.data} titleId={titleId} courseId={courseId} onDone={onDone} />
    </section>
  );
}

function QuizBody({ quiz, titleId, courseId, onDone }: { quiz: QuizOut; titleId: string; courseId: string; onDone: () => void }) {
  const { t } = useTranslation('assignments');
  const errorText = useErrorText();
  const submit = useSubmitAttempt(quiz.id, courseId);
  const [result, setResult] = useState<AttemptOut | null>(() => latestAttempt(quiz));
  const [choices, setChoices] = useState<Choices>([]);
  const [missing, setMissing] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per attempt: a resent submission (a retry after a lost answer, a double click) is the same attempt.
  const key = useRef(newAttemptKey());
  const uid = useId();
  const left = attemptsLeft(quiz);

  const choose = (question: number, answer: number) => {
    setChoices((c) => {
      const next = [...c];
      next[question] = answer;
      return next;
    });
    setMissing((m) => m.filter((q) => q !== question));
  };

  const send = async () => {
    const answers = answersOf(choices, quiz.questions.length);
    if (!answers) {
      const gaps = unanswered(choices, quiz.questions.length);
      setMissing(gaps);
      document.getElementById(`${uid}-q${gaps[0]}-0`)?.focus();
      return;
    }
    setFailure(null);
    try {
      const attempt = await submit.mutateAsync({ answers, key: key.current });
      key.current = newAttemptKey();
      setResult(attempt);
      onDone();
    } catch (error) {
      setFailure(errorText(error, t('quiz.submitFailed')));
    }
  };

  const tryAgain = () => {
    setResult(null);
    setChoices([]);
    setMissing([]);
    setFailure(null);
  };

  const heading = (
    <div className="grid gap-1">
      <h2 id={titleId} className="text-xl font-semibold tracking-tight">
        {quiz.title}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t('quiz.passMark', { score: quiz.passingScore })}{' '}
        {left === null ? t('quiz.unlimited') : t('quiz.attemptsLeft', { count: left })}
      </p>
    </div>
  );

  if (result) {
    return (
      <>
        {heading}
        <div
          role="status"
          className={cn('flex flex-wrap items-center gap-3 rounded-lg border p-4', result.passed ? 'border-emerald-600/40 bg-emerald-50 dark:bg-emerald-950/30' : 'border-destructive/40 bg-destructive/5')}
        >
          {result.passed ? <CheckCircle2Icon className="size-6 text-emerald-700 dark:text-emerald-400" aria-hidden /> : <XCircleIcon className="size-6 text-destructive" aria-hidden />}
          <div className="grid gap-0.5">
            <p className="font-semibold">{t('quiz.score', { score: result.score })}</p>
            <p className="text-sm">{result.passed ? t('quiz.passed') : t('quiz.notPassed', { score: result.passingScore })}</p>
          </div>
        </div>
        <ol className="grid gap-3" aria-label={t('quiz.resultsLabel')}>
          {quiz.questions.map((q, i) => {
            const correct = result.results[i]?.correct ?? false;
            return (
              <li key={i} className="flex items-start gap-2 rounded-md border p-3">
                {correct ? (
                  <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
                ) : (
                  <XCircleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
                )}
                <p className="min-w-0 break-words">
                  <span className="font-medium">
                    {i + 1}. {q.questionText}
                  </span>{' '}
                  <span className={cn('text-sm font-semibold', correct ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}>
                    {correct ? t('quiz.correct') : t('quiz.incorrect')}
                  </span>
                </p>
              </li>
            );
          })}
        </ol>
        {canTryAgain(result) ? (
          <Button variant="outline" className="justify-self-start" onClick={tryAgain}>
            <RotateCcwIcon aria-hidden />
            {t('quiz.tryAgain')}
          </Button>
        ) : result.passed ? null : (
          <p className="text-sm text-muted-foreground">{t('quiz.usedUp')}</p>
        )}
      </>
    );
  }

  return (
    <>
      {heading}
      <form
        noValidate
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {quiz.questions.map((q, qi) => {
          const name = `${uid}-q${qi}`;
          const isMissing = missing.includes(qi);
          return (
            <fieldset
              key={qi}
              className={cn('grid gap-2 rounded-lg border p-3 sm:p-4', isMissing && 'border-destructive')}
              aria-describedby={isMissing ? `${name}-error` : undefined}
            >
              <legend className="px-1 font-medium break-words">
                {qi + 1}. {q.questionText}
              </legend>
              {q.answers.map((answer, ai) => (
                <label key={ai} htmlFor={`${name}-${ai}`} className="flex cursor-pointer items-start gap-3 rounded-md p-2 hover:bg-muted has-[:checked]:bg-secondary">
                  <input
                    id={`${name}-${ai}`}
                    type="radio"
                    name={name}
                    value={ai}
                    checked={choices[qi] === ai}
                    onChange={() => choose(qi, ai)}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="min-w-0 break-words">{answer}</span>
                </label>
              ))}
              {isMissing ? (
                <p id={`${name}-error`} className="text-sm text-destructive">
                  {t('quiz.chooseAnswer')}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        {left === 0 ? <p className="text-sm text-muted-foreground">{t('quiz.usedUp')}</p> : null}
        <Button type="submit" className="justify-self-start" disabled={submit.isPending || left === 0}>
          {submit.isPending ? <Spinner /> : null}
          {t('quiz.submit')}
        </Button>
      </form>
    </>
  );
}
