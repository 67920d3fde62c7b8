import { z } from 'zod';
import { int, text } from '../common/fields.js';
import { MAX_ANSWERS, MAX_QUESTIONS } from './limits.js';
import { requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/** The answer checks run even while the question text is still missing, so a form shows every message at once. */
const answersReadable = ({ value }: { value: unknown }) => {
  const v = value as { answers?: unknown; correctIndex?: unknown } | null;
  return !!v && Array.isArray(v.answers) && v.answers.every((a) => typeof a === 'string') && Number.isInteger(v.correctIndex);
};

/**
 * One question as the builder edits it. Blank answers are allowed while editing and dropped on
 * parse, with `correctIndex` moved to the same answer, so the parsed value is again a valid input.
 */
export const QuestionInput = z
  .object({
    questionText: requiredText(m.questionTextRequired, 2000, true),
    answers: z.array(text({ error: m.answersMin }).max(1000), { error: m.answersMin }).max(MAX_ANSWERS),
    correctIndex: int({ max: MAX_ANSWERS - 1, message: m.correctAnswerRequired }),
  })
  .superRefine((q, ctx) => {
    if (q.answers.filter((a) => a.length > 0).length < 2) ctx.addIssue({ code: 'custom', path: ['answers'], message: m.answersMin });
    if (!q.answers[q.correctIndex]) ctx.addIssue({ code: 'custom', path: ['correctIndex'], message: m.correctAnswerRequired });
  }, { when: answersReadable })
  .transform((q) => ({
    questionText: q.questionText,
    answers: q.answers.filter((a) => a.length > 0),
    correctIndex: q.answers.slice(0, q.correctIndex).filter((a) => a.length > 0).length,
  }));
export type QuestionInput = z.input<typeof QuestionInput>;

/** POST /api/v1/assignments and PUT /api/v1/assignments/:id. */
export const AssignmentInput = z.object({
  title: requiredText(m.assignmentTitleRequired, 200),
  questions: z.array(QuestionInput, { error: m.questionsRequired }).min(1, m.questionsRequired).max(MAX_QUESTIONS),
  /** Questions each attempt draws from the bank, at most their number; empty or null: every question. */
  drawCount: z
    .union([z.number(), z.string(), z.null()], { error: m.drawCountInvalid })
    .transform((v) => (v === null || v === '' ? null : Number(v)))
    .pipe(int({ min: 1, max: MAX_QUESTIONS, message: m.drawCountInvalid }).nullable())
    .optional(),
}).superRefine((a, ctx) => {
  if (a.drawCount != null && a.drawCount > a.questions.length) ctx.addIssue({ code: 'custom', path: ['drawCount'], message: m.drawCountInvalid });
});
export type AssignmentInput = z.input<typeof AssignmentInput>;

/** A question's `correctIndex` while no answer is chosen as the correct one; the schema refuses it. */
export const NO_ANSWER = -1;

/**
 * The correct answer's index once the answer at `removed` is gone: an earlier answer's removal shifts it
 * down one place (never below 0); removing the correct answer itself leaves none chosen, so the author
 * picks again instead of a neighbour silently becoming the key.
 */
export function shiftCorrectIndex(correctIndex: number, removed: number): number {
  if (correctIndex < 0 || removed === correctIndex) return NO_ANSWER;
  if (removed < correctIndex) return Math.max(0, correctIndex - 1);
  return correctIndex;
}

/** A question with its answer key: staff (admins) only. */
const QuestionStaffOut = z.object({ questionText: z.string(), answers: z.array(z.string()), correctIndex: z.number().int() });
/** A question as a learner reads it: no key. */
const QuestionLearnerOut = z.object({ questionText: z.string(), answers: z.array(z.string()) });

/** GET/POST/PUT for admins: the whole assignment with its answer key. */
export const AssignmentOut = z.object({
  id: z.uuid(),
  title: z.string(),
  questions: z.array(QuestionStaffOut),
  /** Questions each attempt draws from the bank; null: every question. */
  drawCount: z.number().int().nullable(),
  /** Lessons that use this assignment; one in use cannot be deleted. */
  lessonCount: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssignmentOut = z.infer<typeof AssignmentOut>;

/**
 * GET /api/v1/assignments/:id for learners: the title only (`questions` empty). A learner takes the quiz through
 * GET /api/v1/assignments/:id/quiz, which shows the questions drawn for them; the bank stays with staff.
 */
export const AssignmentLearnerOut = z.object({
  id: z.uuid(),
  title: z.string(),
  questions: z.array(QuestionLearnerOut),
});
export type AssignmentLearnerOut = z.infer<typeof AssignmentLearnerOut>;

/** A row of GET /api/v1/assignments (staff). */
export const AssignmentListItem = z.object({
  id: z.uuid(),
  title: z.string(),
  questionCount: z.number().int(),
  lessonCount: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssignmentListItem = z.infer<typeof AssignmentListItem>;
