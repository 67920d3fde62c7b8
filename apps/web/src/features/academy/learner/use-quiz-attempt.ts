import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptOut, QuizOut } from '@meltway/shared/academy/learning.schema';
import { useErrorText } from '@/lib/error-text';
import { newAttemptKey, useSubmitAttempt } from '../api/learning';
import { answersOf, latestAttempt, refusal, unanswered, type Choices } from './quiz-state';

/**
 * One round of a quiz: the answers chosen, those left unanswered, and the graded attempt once sent (the latest one
 * on arrival). `send` grades the answers; a refusal says when the quiz opens again, or reloads a sheet another tab
 * replaced. `uid` prefixes the radio groups' names.
 */
export function useQuizAttempt(quiz: QuizOut, courseId: string, reload: () => Promise<unknown>, onDone: () => void) {
  const { t } = useTranslation('assignments');
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
  const opensAt = quiz.passed ? null : (quiz.opensAt ?? waitUntil);

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

  return { uid, result, choices, choose, missing, failure, opensAt, sending: submit.isPending, send, tryAgain };
}
