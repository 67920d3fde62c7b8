import type { AttemptOut, QuizOut } from '@meltway/shared/academy/learning.schema';
import { ApiError } from '@/lib/api-client';

/** What the quiz overlay shows: the questions to answer, or the result of a graded attempt. */

/** Attempts the learner has left in the quiz's current round. */
export function attemptsLeft(quiz: Pick<QuizOut, 'attemptsLimit' | 'attemptsUsed'>): number {
  return Math.max(0, quiz.attemptsLimit - quiz.attemptsUsed);
}

/** One chosen answer per question, or undefined where none is chosen yet. */
export type Choices = (number | undefined)[];

/** The questions left without an answer (0-based), in order. */
export function unanswered(choices: Choices, questionCount: number): number[] {
  return Array.from({ length: questionCount }, (_, i) => i).filter((i) => choices[i] === undefined);
}

/** The answers to send, once every question has one; null before. */
export function answersOf(choices: Choices, questionCount: number): number[] | null {
  return unanswered(choices, questionCount).length ? null : (choices.slice(0, questionCount) as number[]);
}

/** Whether the learner may answer again after this attempt: it failed, and the round has attempts left. */
export function canTryAgain(attempt: Pick<AttemptOut, 'attemptsLeft' | 'passed'>): boolean {
  return !attempt.passed && attempt.attemptsLeft > 0;
}

/** The attempt to show when the overlay opens: the learner's latest, if any. */
export const latestAttempt = (quiz: Pick<QuizOut, 'attempts'>): AttemptOut | null => quiz.attempts.at(-1) ?? null;

/** Whether the learner has passed this quiz (in the current cycle). */
export const everPassed = (quiz: Pick<QuizOut, 'attempts' | 'passed'>): boolean => quiz.passed || quiz.attempts.some((a) => a.passed);

/**
 * What a refused attempt means for the overlay: `wait` until `opensAt` (429 academy.attemptsExhausted), `stale`
 * (409 academy.quizSheetStale: the quiz was opened again elsewhere, the sheet must be reloaded), or `other`.
 */
export function refusal(error: unknown): { kind: 'wait'; opensAt: string | null } | { kind: 'stale' } | { kind: 'other' } {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.status === 429 && error.code === 'academy.attemptsExhausted') {
    const opensAt = error.params?.opensAt;
    return { kind: 'wait', opensAt: typeof opensAt === 'string' ? opensAt : null };
  }
  if (error.status === 409 && error.code === 'academy.quizSheetStale') return { kind: 'stale' };
  return { kind: 'other' };
}
