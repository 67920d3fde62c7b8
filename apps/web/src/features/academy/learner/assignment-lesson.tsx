import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AwardIcon, CheckCircle2Icon, ClockIcon, RotateCcwIcon, XCircleIcon } from 'lucide-react';
import type { AttemptOut, QuizOut } from '@meltway/shared/academy/learning.schema';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useQuiz } from '../api/learning';
import { attemptsLeft, canTryAgain } from './quiz-state';
import { useQuizAttempt } from './use-quiz-attempt';

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
  const { t } = useTranslation('assignments');
  const attempt = useQuizAttempt(quiz, courseId, reload, onDone);
  const { result, opensAt } = attempt;
  const heading = <QuizHeading quiz={quiz} titleId={titleId} />;
  const waiting = opensAt ? <QuizOpensAgain at={opensAt} /> : null;

  if (result) {
    const passed = result.passed;
    return (
      <>
        {heading}
        <QuizScore result={result} />
        {passed ? <PassMessage score={result.score} certificateId={certificateId} courseCompleted={courseCompleted} /> : null}
        {result.results ? <QuizAnswers results={result.results} /> : passed ? null : <p className="text-sm text-muted-foreground">{t('quiz.resultsLater')}</p>}
        {passed ? null : canTryAgain(result) && !opensAt ? (
          <Button variant="outline" className="justify-self-start" onClick={attempt.tryAgain} disabled={reloading && !quiz.sheetId}>
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
      <QuizForm quiz={quiz} attempt={attempt} reloading={reloading} />
    </>
  );
}

function QuizHeading({ quiz, titleId }: { quiz: QuizOut; titleId: string }) {
  const { t } = useTranslation('assignments');
  return (
    <div className="grid gap-1">
      <h2 id={titleId} className="text-xl font-semibold tracking-tight">
        {quiz.title}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t('quiz.passMark', { score: quiz.passingScore })} {quiz.passed ? null : t('quiz.attemptsLeft', { count: attemptsLeft(quiz) })}
      </p>
    </div>
  );
}

function QuizOpensAgain({ at }: { at: string }) {
  const { t, i18n } = useTranslation('assignments');
  return (
    <Alert variant="notice" role="status">
      <ClockIcon aria-hidden />
      <span>{t('quiz.opensAgain', { date: formatDate(at, i18n.language, { dateStyle: 'long', timeStyle: 'short' }) })}</span>
    </Alert>
  );
}

/** A graded attempt: its score, passed or not, and the attempts left. */
function QuizScore({ result }: { result: AttemptOut }) {
  const { t } = useTranslation('assignments');
  const passed = result.passed;
  return (
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
  );
}

/** Which questions were right or wrong, when the server tells. */
function QuizAnswers({ results }: { results: NonNullable<AttemptOut['results']> }) {
  const { t } = useTranslation('assignments');
  return (
    <ol className="grid gap-3" aria-label={t('quiz.resultsLabel')}>
      {results.map((r, i) => (
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
  );
}

/** The open sheet's questions, each a radio group that says when it was left unanswered, and Submit. */
function QuizForm({ quiz, attempt, reloading }: { quiz: QuizOut; attempt: ReturnType<typeof useQuizAttempt>; reloading: boolean }) {
  const { t } = useTranslation('assignments');
  const { uid, choices, missing, failure } = attempt;
  return (
    <form
      noValidate
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void attempt.send();
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
                  onChange={() => attempt.choose(qi, ai)}
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
      <Button type="submit" className="justify-self-start" disabled={attempt.sending || reloading}>
        {attempt.sending ? <Spinner /> : null}
        {t('quiz.submit')}
      </Button>
    </form>
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
