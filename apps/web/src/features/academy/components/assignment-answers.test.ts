import { describe, expect, it } from 'vitest';
import { correctIndexAfterRemoval, NO_ANSWER } from './assignment-answers';

describe('correct answer after removing an answer', () => {
  it('shifts down when an earlier answer is removed', () => {
    expect(correctIndexAfterRemoval(2, 0)).toBe(1);
    expect(correctIndexAfterRemoval(1, 0)).toBe(0);
  });

  it('stays when a later answer is removed', () => {
    expect(correctIndexAfterRemoval(1, 2)).toBe(1);
    expect(correctIndexAfterRemoval(0, 3)).toBe(0);
  });

  it('never goes below 0', () => {
    expect(correctIndexAfterRemoval(0, 1)).toBe(0);
    expect(correctIndexAfterRemoval(1, 0)).toBeGreaterThanOrEqual(0);
  });

  it('leaves no answer chosen when the correct one itself is removed, or none was chosen', () => {
    expect(correctIndexAfterRemoval(1, 1)).toBe(NO_ANSWER);
    expect(correctIndexAfterRemoval(NO_ANSWER, 0)).toBe(NO_ANSWER);
  });
});
