import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AwardIcon, CheckCircle2Icon, ClockIcon, RotateCcwIcon, XCircleIcon } from 'lucide-react';
import type { AttemptOut, QuizOut } from '@meltway/shared/academy/learning.schema';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useErrorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { newAttemptKey, useQuiz, useSubmitAttempt } from '../api/learning';
import { answersOf, attemptsLeft, canTryAgain, latestAttempt, refusal, unanswered, type Choices } from './quiz-state';

type Props = {
  courseId: string;
  lessonId: string;
  assignmentId: string;
  /** The certificate the course earned the learner in this cycle, once it did; the pass message links to it. */
  certificateId: string | null;
  /** Whether the whole course counts as completed. */
  courseCompleted: boolean;
  onDone: () => void;
};

/**
 * The quiz of the course player (SPEC.md §2, §4): the open sheet's questions as radio groups, Submit, then the
 * score, passed or not and the attempts left; which questions were wrong only when the server tells (after a pass,
 * or the round's last attempt). Once the round is used up, when it opens again; after a pass, the certificate.
 * Calls `onDone` after each graded attempt (the server may now count the lesson).
 */
export function AssignmentLesson({ courseId, lessonId, assignmentId, certificateId, courseCompleted, onDone }: Props) {
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
      <QuizBody
        key={quiz.data.id}
        quiz={quiz.data}
        reload={() => quiz.refetch()}
        reloading={quiz.isFetching}
        titleId={titleId}
        courseId={courseId}
        certificateId={certificateId}
        courseCompleted={courseCompleted}
        onDone={onDone}
      />
    </section>
  );
}

type BodyProps = {
  quiz: QuizOut;
  reload: () => Promise<unknown>;
  reloading: boolean;
  titleId: string;
  courseId: string;
  certificateId: string | null;
  courseCompleted: boolean;
  onDone: () => void;
};

function QuizBody({ quiz, reload, reloading, titleId, courseId, certificateId, courseCompleted, onDone }: BodyProps) {
  const { t, i18n } = useTranslation('assignments');
  const errorText = useErrorText();
  const submit = useSubmitAttempt(quiz.id, courseId);
  const [result, setResult] = useState<AttemptOut | null>(() => latestAttempt(quiz));
  const [choices, setChoices] = useState<Choices>([]);
  const [missing, setMissing] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  /** When the quiz opens again, as a refused attempt (429) said. */
  const [waitUntil, setWaitUntil] = useState<string | null>(null);
  // One key per attempt: a resent submission (a retry after a lost answer, a double click) is the same attempt.
  const key = useRef(newAttemptKey());
  const uid = useId();
  const left = attemptsLeft(quiz);
  const opensAt = quiz.passed ? null : (quiz.opensAt ?? waitUntil);
  const when = (iso: string) => formatDate(iso, i18n.language, { dateStyle: 'long', timeStyle: 'short' });

  const choose = (question: number, answer: number) => {
    setChoices((c) => {
      const next = [...c];
      next[question] = answer;
      return next;
    });
    setMissing((m) => m.filter((q) => q !== question));
  };

  const send = async () => {
    if (!quiz.sheetId) return;
    const answers = answersOf(choices, quiz.questions.length);
    if (!answers) {
      const gaps = unanswered(choices, quiz.questions.length);
      setMissing(gaps);
      document.getElementById(`${uid}-q${gaps[0]}-0`)?.focus();
      return;
    }
    setFailure(null);
    try {
      const attempt = await submit.mutateAsync({ answers, key: key.current, sheetId: quiz.sheetId });
      key.current = newAttemptKey();
      setResult(attempt);
      setChoices([]);
      onDone();
    } catch (error) {
      const why = refusal(error);
      if (why.kind === 'wait') {
        key.current = newAttemptKey();
        setWaitUntil(why.opensAt);
        setChoices([]);
      } else if (why.kind === 'stale') {
        // Another tab opened a new sheet: these answers were for the old one. The new one is loaded.
        key.current = newAttemptKey();
        setChoices([]);
        setFailure(t('quiz.reloaded'));
        await reload();
      } else {
        setFailure(errorText(error, t('quiz.submitFailed')));
      }
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
        {t('quiz.passMark', { score: quiz.passingScore })} {quiz.passed ? null : t('quiz.attemptsLeft', { count: left })}
      </p>
    </div>
  );

  const waiting = opensAt ? (
    <Alert variant="notice" role="status">
      <ClockIcon aria-hidden />
      <span>{t('quiz.opensAgain', { date: when(opensAt) })}</span>
    </Alert>
  ) : null;

  if (result) {
    const passed = result.passed;
    return (
      <>
        {heading}
        <div
          role="status"
          className={cn('flex flex-wrap items-center gap-3 rounded-lg border p-4', passed ? 'border-emerald-600/40 bg-emerald-50 dark:bg-emerald-950/30' : 'border-destructive/40 bg-destructive/5')}
        >
          {passed ? <CheckCircle2Icon className="size-6 text-emerald-700 dark:text-emerald-400" aria-hidden /> : <XCircleIcon className="size-6 text-destructive" aria-hidden />}
          <div className="grid gap-0.5">
            <p className="font-semibold">{t('quiz.score', { score: result.score })}</p>
            <p className="text-sm">{passed ? t('quiz.passed') : t('quiz.notPassed', { score: result.passingScore })}</p>
            {passed ? null : <p className="text-sm">{t('quiz.attemptsLeft', { count: result.attemptsLeft })}</p>}
          </div>
        </div>
        {passed ? <PassMessage score={result.score} certificateId={certificateId} courseCompleted={courseCompleted} /> : null}
        {result.results ? (
          <ol className="grid gap-3" aria-label={t('quiz.resultsLabel')}>
            {result.results.map((r, i) => (
              <li key={i} className="flex items-start gap-2 rounded-md border p-3">
                {r.correct ? (
                  <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
                ) : (
                  <XCircleIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
                )}
                <p className="min-w-0 break-words">
                  <span className="font-medium">
                    {i + 1}. {r.question}
                  </span>{' '}
                  <span className={cn('text-sm font-semibold', r.correct ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}>
                    {r.correct ? t('quiz.correct') : t('quiz.incorrect')}
                  </span>
                </p>
              </li>
            ))}
          </ol>
        ) : passed ? null : (
          <p className="text-sm text-muted-foreground">{t('quiz.resultsLater')}</p>
        )}
        {passed ? null : canTryAgain(result) && !opensAt ? (
          <Button variant="outline" className="justify-self-start" onClick={tryAgain} disabled={reloading && !quiz.sheetId}>
            <RotateCcwIcon aria-hidden />
            {t('quiz.tryAgain')}
          </Button>
        ) : (
          (waiting ?? <p className="text-sm text-muted-foreground">{t('quiz.usedUp')}</p>)
        )}
      </>
    );
  }

  if (quiz.passed) {
    // Passed, but the attempt is not among those shown (a recertification cycle's history, say).
    return (
      <>
        {heading}
        <PassMessage score={null} certificateId={certificateId} courseCompleted={courseCompleted} />
      </>
    );
  }
  if (!quiz.sheetId || opensAt) {
    return (
      <>
        {heading}
        {waiting ?? <p className="text-sm text-muted-foreground">{t('quiz.usedUp')}</p>}
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
              key={`${quiz.sheetId}-${qi}`}
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
        <Button type="submit" className="justify-self-start" disabled={submit.isPending || reloading}>
          {submit.isPending ? <Spinner /> : null}
          {t('quiz.submit')}
        </Button>
      </form>
    </>
  );
}

/** After a pass: the score, and the certificate with its links once the course earned it. */
function PassMessage({ score, certificateId, courseCompleted }: { score: number | null; certificateId: string | null; courseCompleted: boolean }) {
  const { t } = useTranslation('assignments');
  return (
    <div className="grid gap-3 rounded-lg border border-emerald-600/40 p-4" aria-live="polite">
      <p className="flex items-start gap-2 font-semibold">
        <AwardIcon className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
        <span>{score === null ? t('quiz.passedMessageNoScore') : t('quiz.passedMessage', { score })}</span>
      </p>
      {certificateId ? (
        <>
          <p className="text-sm">{t('quiz.certificateReady', { id: certificateId })}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/certification" className={buttonVariants({ size: 'sm' })}>
              {t('quiz.myCertifications')}
            </Link>
            <Link to={`/verify/${encodeURIComponent(certificateId)}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              {t('quiz.viewCertificate')}
            </Link>
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{courseCompleted ? t('quiz.courseCompleted') : t('quiz.completeLessons')}</p>
      )}
    </div>
  );
}
