import type { AttemptOut, QuizOut } from '@meltway/shared/academy/learning.schema';

/** What the quiz overlay shows: the questions to answer, or the result of a graded attempt. */

/** Attempts the learner has left at this quiz; null: no limit. */
export function attemptsLeft(quiz: Pick<QuizOut, 'attemptsLimit' | 'attemptsUsed'>): number | null {
  return quiz.attemptsLimit === null ? null : Math.max(0, quiz.attemptsLimit - quiz.attemptsUsed);
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

/** Whether the learner may answer again after this attempt. */
export function canTryAgain(attempt: Pick<AttemptOut, 'attemptsLeft'>): boolean {
  return attempt.attemptsLeft === null || attempt.attemptsLeft > 0;
}

/** The attempt to show when the overlay opens: the learner's latest, if any. */
export const latestAttempt = (quiz: Pick<QuizOut, 'attempts'>): AttemptOut | null => quiz.attempts.at(-1) ?? null;

/** Whether the learner has passed this quiz at least once. */
export const everPassed = (quiz: Pick<QuizOut, 'attempts'>): boolean => quiz.attempts.some((a) => a.passed);
