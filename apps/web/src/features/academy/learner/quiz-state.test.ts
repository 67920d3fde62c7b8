import { describe, expect, it } from 'vitest';
import type { AttemptOut } from '@meltway/shared/academy/learning.schema';
import { answersOf, attemptsLeft, canTryAgain, everPassed, latestAttempt, unanswered } from './quiz-state';

const attempt = (n: number, passed: boolean, left: number | null): AttemptOut => ({
  id: `a${n}`,
  attemptNumber: n,
  score: passed ? 100 : 50,
  passed,
  passingScore: 80,
  attemptsLeft: left,
  results: [{ correct: true }, { correct: passed }],
  created_at: '2026-11-24T12:00:00.000Z',
});

describe('the quiz overlay’s state', () => {
  it('counts the attempts left, none for an unlimited quiz', () => {
    expect(attemptsLeft({ attemptsLimit: 3, attemptsUsed: 1 })).toBe(2);
    expect(attemptsLeft({ attemptsLimit: 2, attemptsUsed: 5 })).toBe(0);
    expect(attemptsLeft({ attemptsLimit: null, attemptsUsed: 9 })).toBeNull();
  });

  it('sends answers only once every question has one', () => {
    expect(unanswered([0, undefined, 1], 3)).toEqual([1]);
    expect(unanswered([], 2)).toEqual([0, 1]);
    expect(answersOf([0, undefined], 2)).toBeNull();
    expect(answersOf([2, 0], 2)).toEqual([2, 0]);
    expect(answersOf([2, 0, 1], 2)).toEqual([2, 0]);
  });

  it('offers another try while attempts are left', () => {
    expect(canTryAgain(attempt(1, false, 1))).toBe(true);
    expect(canTryAgain(attempt(2, false, 0))).toBe(false);
    expect(canTryAgain(attempt(7, true, null))).toBe(true);
  });

  it('opens on the latest attempt and knows whether one passed', () => {
    const quiz = { attempts: [attempt(1, true, null), attempt(2, false, null)] };
    expect(latestAttempt(quiz)?.id).toBe('a2');
    expect(latestAttempt({ attempts: [] })).toBeNull();
    expect(everPassed(quiz)).toBe(true);
    expect(everPassed({ attempts: [attempt(1, false, 2)] })).toBe(false);
  });
});
