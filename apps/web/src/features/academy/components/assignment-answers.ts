/** Marks that no answer of a question is chosen as the correct one yet. */
export const NO_ANSWER = -1;

/**
 * The correct answer's index once the answer at `removed` is gone: an earlier answer's removal shifts it
 * down one place (never below 0); removing the correct answer itself leaves none chosen, so the author
 * picks again instead of a neighbour silently becoming the key.
 */
export function correctIndexAfterRemoval(correctIndex: number, removed: number): number {
  if (correctIndex < 0) return NO_ANSWER;
  if (removed === correctIndex) return NO_ANSWER;
  if (removed < correctIndex) return Math.max(0, correctIndex - 1);
  return correctIndex;
}
