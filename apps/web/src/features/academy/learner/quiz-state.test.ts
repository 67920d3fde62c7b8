import { describe, expect, it } from 'vitest';
import type { AttemptOut } from '@meltway/shared/academy/learning.schema';
import { ApiError } from '@/lib/api-client';
import { answersOf, attemptsLeft, canTryAgain, everPassed, latestAttempt, refusal, unanswered } from './quiz-state';

const attempt = (n: number, passed: boolean, left: number): AttemptOut => ({
  id: `a${n}`,
  attemptNumber: n,
  score: passed ? 100 : 50,
  passed,
  passingScore: 80,
  attemptsLeft: left,
  opensAt: null,
  created_at: '2026-11-24T12:00:00.000Z',
});

describe('the quiz overlay’s state', () => {
  it('counts the attempts left in the round, never below none', () => {
    expect(attemptsLeft({ attemptsLimit: 3, attemptsUsed: 1 })).toBe(2);
    expect(attemptsLeft({ attemptsLimit: 3, attemptsUsed: 3 })).toBe(0);
    expect(attemptsLeft({ attemptsLimit: 2, attemptsUsed: 5 })).toBe(0);
  });

  it('sends answers only once every question has one', () => {
    expect(unanswered([0, undefined, 1], 3)).toEqual([1]);
    expect(unanswered([], 2)).toEqual([0, 1]);
    expect(answersOf([0, undefined], 2)).toBeNull();
    expect(answersOf([2, 0], 2)).toEqual([2, 0]);
    expect(answersOf([2, 0, 1], 2)).toEqual([2, 0]);
  });

  it('offers another try after a failed attempt while the round has attempts left, never after a pass', () => {
    expect(canTryAgain(attempt(1, false, 2))).toBe(true);
    expect(canTryAgain(attempt(3, false, 0))).toBe(false);
    expect(canTryAgain(attempt(2, true, 1))).toBe(false);
  });

  it('opens on the latest attempt and knows whether the quiz is passed', () => {
    const quiz = { attempts: [attempt(1, false, 2), attempt(2, true, 1)], passed: true };
    expect(latestAttempt(quiz)?.id).toBe('a2');
    expect(latestAttempt({ attempts: [] })).toBeNull();
    expect(everPassed(quiz)).toBe(true);
    expect(everPassed({ attempts: [attempt(1, false, 2)], passed: false })).toBe(false);
    // A pass of an earlier cycle is not among the attempts shown; the quiz still says it is passed.
    expect(everPassed({ attempts: [], passed: true })).toBe(true);
  });

  it('tells a wait (429, with when it ends) and a stale sheet (409) from other refusals', () => {
    const opensAt = '2026-12-04T09:30:00.000Z';
    expect(refusal(new ApiError(429, { code: 'academy.attemptsExhausted', message: 'wait', params: { opensAt } }))).toEqual({ kind: 'wait', opensAt });
    expect(refusal(new ApiError(429, { code: 'academy.attemptsExhausted' }))).toEqual({ kind: 'wait', opensAt: null });
    expect(refusal(new ApiError(409, { code: 'academy.quizSheetStale' }))).toEqual({ kind: 'stale' });
    expect(refusal(new ApiError(409, { code: 'academy.quizAlreadyPassed' }))).toEqual({ kind: 'other' });
    expect(refusal(new ApiError(429, { code: 'common.tooManyRequests' }))).toEqual({ kind: 'other' });
    expect(refusal(new Error('offline'))).toEqual({ kind: 'other' });
  });
});
