import { randomInt } from 'node:crypto';
import type { AttemptInput, AttemptOut, QuizOut, QuizQuery, StudentAttemptOut } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { QuizLayout, StoredQuestion } from '../../db/schema/academy.js';
import { actor, type Ctx } from '../../lib/ctx.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.js';
import { iso, isStaff } from './academy-rules.js';
import * as assignmentsRepo from './assignments.repo.js';
import { completeIfDone, lockEnrolment } from './completion.js';
import * as repo from './quizzes.repo.js';

/**
 * Quizzes as learners take them. The answer key stays on the server: a learner reads the questions of the sheet
 * drawn for them (`drawCount` questions of the bank, or all, each with its answers shuffled), and an attempt
 * answers its score and pass or fail; which questions were wrong only once it passed or was the last of its round,
 * never which answer was right.
 *
 * The pass mark is the course certification's passing score; a course that awards no certification has a pass
 * mark of 0 (every graded attempt passes). Its `attemptsLimit` attempts come in rounds: when the last attempt of a
 * round fails, the next round opens `retryWaitHours` after it (a 429 until then); after a pass, no more attempts.
 * Attempts are numbered per learner, course, quiz and enrolment cycle.
 */

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_WAIT_HOURS = 24;
const HOUR = 3_600_000;

type QuizCourse = { courseId: string; passingScore: number; attemptsLimit: number; retryWaitHours: number };

const quizCourse = (found: { courseId: string; passingScore: number | null; attemptsLimit: number | null; retryWaitHours: number | null }): QuizCourse => ({
  courseId: found.courseId,
  passingScore: found.passingScore ?? 0,
  attemptsLimit: found.attemptsLimit ?? DEFAULT_ATTEMPTS,
  retryWaitHours: found.retryWaitHours ?? DEFAULT_WAIT_HOURS,
});

/** Attempts left in the round after the attempt numbered `n` (1 from the cycle's first). */
const leftAfter = (n: number, limit: number) => limit - 1 - ((n - 1) % limit);

/** When the round this attempt ended opens again: only for a failed last attempt of its round. */
const opensAfter = (a: repo.AttemptRow, course: QuizCourse): Date | null =>
  !a.passed && leftAfter(a.attemptNumber, course.attemptsLimit) === 0 ? new Date(a.createdAt.getTime() + course.retryWaitHours * HOUR) : null;

/** The layout of an attempt made before sheets: every question and answer in stored order. */
const storedOrder = (questions: StoredQuestion[]): QuizLayout => questions.map((q, i) => ({ question: i, answers: q.answers.map((_, j) => j) }));

const toAttemptOut = (a: repo.AttemptRow, course: QuizCourse, questions: StoredQuestion[]): AttemptOut => {
  const attemptsLeft = leftAfter(a.attemptNumber, course.attemptsLimit);
  const opensAt = opensAfter(a, course);
  const layout = a.layout ?? storedOrder(questions);
  return {
    id: a.id,
    attemptNumber: a.attemptNumber,
    score: a.score,
    passed: a.passed,
    passingScore: course.passingScore,
    attemptsLeft,
    opensAt: opensAt ? iso(opensAt) : null,
    // Which questions were wrong: only once there is nothing left to guess in this round.
    ...(a.passed || attemptsLeft === 0
      ? { results: a.results.map((correct, i) => ({ question: questions[layout[i]?.question ?? -1]?.questionText ?? '', correct })) }
      : {}),
    created_at: iso(a.createdAt),
  };
};

/** Where the learner stands in the cycle: passed, the attempts used in the round, and while it is used up when it opens. */
function standing(attempts: repo.AttemptRow[], course: QuizCourse, now: Date) {
  const last = attempts.at(-1);
  const passed = attempts.some((a) => a.passed);
  if (!last) return { passed, used: 0, opensAt: null, next: 1 };
  const opens = opensAfter(last, course);
  // The round is used up until it opens; from then a new round begins with none used.
  if (opens && opens > now) return { passed, used: course.attemptsLimit, opensAt: opens, next: last.attemptNumber + 1 };
  return { passed, used: opens ? 0 : course.attemptsLimit - leftAfter(last.attemptNumber, course.attemptsLimit), opensAt: null, next: last.attemptNumber + 1 };
}

/** Fisher-Yates with the platform's cryptographic random numbers. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A new sheet: `drawCount` questions of the bank (all when null) in random order, each with its answers shuffled. */
function drawLayout(questions: StoredQuestion[], drawCount: number | null): QuizLayout {
  const picked = shuffled(questions.map((_, i) => i)).slice(0, Math.min(drawCount ?? questions.length, questions.length));
  return picked.map((q) => ({ question: q, answers: shuffled(questions[q]!.answers.map((_, j) => j)) }));
}

/** Whether a sheet still fits the assignment (an edit since may have removed questions or answers). */
const fits = (layout: QuizLayout, questions: StoredQuestion[]) =>
  layout.length > 0 &&
  layout.every((l) => {
    const q = questions[l.question];
    return !!q && l.answers.length === q.answers.length && l.answers.every((a) => a >= 0 && a < q.answers.length);
  });

async function assignmentOf(ctx: Ctx, id: string) {
  const row = await assignmentsRepo.findAssignment(ctx.db, id);
  if (!row) throw new NotFoundError(m.assignmentNotFound);
  return row.assignment;
}

/** The course the learner takes the quiz in; staff not enrolled in one read any course using it (`enrolled: false`). */
async function courseOf(ctx: Ctx, assignmentId: string, courseId: string | undefined, staffMayRead: boolean) {
  const me = actor(ctx);
  const [mine] = await repo.quizCourses(ctx.db, assignmentId, me.id, courseId);
  if (mine) return { course: quizCourse(mine), enrolled: true };
  const [any] = staffMayRead && isStaff(ctx) ? await repo.quizCourses(ctx.db, assignmentId, null, courseId) : [];
  if (!any) throw new NotFoundError(m.notEnrolled);
  return { course: quizCourse(any), enrolled: false };
}

/**
 * GET /assignments/:id/quiz: the learner's open sheet (made now when an attempt is open and none is: reloading
 * shows the same one), the pass mark, the attempts allowed and used in the round, and the learner's attempts of the
 * cycle. Staff not enrolled see every question in stored order, without a sheet.
 */
export async function getQuiz(ctx: Ctx, id: string, query: z.output<typeof QuizQuery>): Promise<QuizOut> {
  const me = actor(ctx);
  const assignment = await assignmentOf(ctx, id);
  const { course, enrolled } = await courseOf(ctx, id, query.courseId, true);
  const cycle = enrolled ? await repo.enrolmentCycle(ctx.db, me.id, course.courseId) : undefined;
  const attempts = cycle === undefined ? [] : await repo.attemptsOf(ctx.db, me.id, course.courseId, id, cycle);
  const now = standing(attempts, course, ctx.now);
  const questions = assignment.questions;

  let sheet: { id: string; layout: QuizLayout } | null = null;
  if (cycle !== undefined && !now.passed && !now.opensAt) {
    let open = await repo.findSheet(ctx.db, me.id, course.courseId, id);
    if (open && !fits(open.layout, questions)) {
      await repo.deleteSheet(ctx.db, open.id);
      open = undefined;
    }
    sheet = open ?? (await repo.openSheet(ctx.db, { userId: me.id, courseId: course.courseId, assignmentId: id, layout: drawLayout(questions, assignment.drawCount), createdAt: ctx.now }));
  }
  const shown = sheet ? sheet.layout : cycle === undefined ? storedOrder(questions) : [];
  return {
    id: assignment.id,
    courseId: course.courseId,
    title: assignment.title,
    // Built field by field, in the sheet's order: the answer key cannot ride along.
    questions: shown.map((l) => ({ questionText: questions[l.question]!.questionText, answers: l.answers.map((a) => questions[l.question]!.answers[a]!) })),
    sheetId: sheet?.id ?? null,
    passingScore: course.passingScore,
    attemptsLimit: course.attemptsLimit,
    retryWaitHours: course.retryWaitHours,
    attemptsUsed: now.used,
    opensAt: now.opensAt ? iso(now.opensAt) : null,
    passed: now.passed,
    attempts: attempts.map((a) => toAttemptOut(a, course, questions)),
  };
}

const sameAnswers = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The attempt an earlier request made under this key, or undefined; the key with another quiz or other answers is refused. */
async function replay(ctx: Ctx, key: string, assignmentId: string, input: z.output<typeof AttemptInput>) {
  const found = await repo.attemptByKey(ctx.db, actor(ctx).id, key);
  if (!found) return undefined;
  if (found.assignmentId !== assignmentId || (input.courseId && found.courseId !== input.courseId) || !sameAnswers(found.answers, input.answers)) {
    throw new ConflictError(m.idempotencyKeyReused);
  }
  const [course] = await repo.quizCourses(ctx.db, assignmentId, null, found.courseId);
  const assignment = await assignmentOf(ctx, assignmentId);
  return toAttemptOut(found, quizCourse(course ?? { courseId: found.courseId, passingScore: null, attemptsLimit: null, retryWaitHours: null }), assignment.questions);
}

export type Graded = { attempt: AttemptOut; created: boolean };

/**
 * POST /assignments/:id/attempts: grades the answers against the learner's open sheet and stores the attempt with
 * the sheet's layout, numbered per learner, course, quiz and cycle, in one transaction with the learner's enrolment
 * locked: the round is counted under that lock, the sheet is deleted with it (the next read draws a new one), and
 * `completeIfDone` issues the certificate when this pass finishes the course. Under one Idempotency-Key a resent
 * (or parallel) submission answers the first one's attempt.
 */
export async function submitAttempt(ctx: Ctx, id: string, input: z.output<typeof AttemptInput>, key?: string): Promise<Graded> {
  const me = actor(ctx);
  if (key) {
    const earlier = await replay(ctx, key, id, input);
    if (earlier) return { attempt: earlier, created: false };
  }
  const assignment = await assignmentOf(ctx, id);
  const { course } = await courseOf(ctx, id, input.courseId, false);
  const questions = assignment.questions;

  let made: repo.AttemptRow | undefined;
  try {
    made = await ctx.db.transaction(async (tx) => {
      const enrolment = await lockEnrolment(tx, me.id, course.courseId);
      if (!enrolment) throw new NotFoundError(m.notEnrolled);
      // Duplicates of one key wait on the enrolment's lock, then find the first one's attempt.
      if (key && (await repo.attemptByKey(tx, me.id, key))) return undefined;
      const now = standing(await repo.attemptsOf(tx, me.id, course.courseId, id, enrolment.cycle), course, ctx.now);
      if (now.passed) throw new ConflictError(m.quizAlreadyPassed);
      if (now.opensAt) {
        throw new TooManyRequestsError(m.attemptsExhausted, (now.opensAt.getTime() - ctx.now.getTime()) / 1000, { opensAt: iso(now.opensAt) });
      }
      const sheet = await repo.findSheet(tx, me.id, course.courseId, id);
      if (!sheet || sheet.id !== input.sheetId || !fits(sheet.layout, questions)) throw new ConflictError(m.quizSheetStale);
      const layout = sheet.layout;
      if (input.answers.length !== layout.length) throw new FieldError('answers', m.answersCountMismatch);
      const outOfRange = input.answers.flatMap((a, i) => (a >= layout[i]!.answers.length ? [{ path: `answers.${i}`, message: m.answerRequired }] : []));
      if (outOfRange.length) throw new ValidationError(outOfRange);

      // The chosen answer as shown, back to its stored index, against the key.
      const results = input.answers.map((a, i) => layout[i]!.answers[a] === questions[layout[i]!.question]!.correctIndex);
      const score = Math.round((100 * results.filter(Boolean).length) / layout.length);
      const row = await repo.insertAttempt(tx, {
        userId: me.id,
        courseId: course.courseId,
        assignmentId: id,
        cycle: enrolment.cycle,
        attemptNumber: now.next,
        layout,
        answers: input.answers,
        results,
        score,
        passed: score >= course.passingScore,
        idempotencyKey: key ?? null,
        createdAt: ctx.now,
      });
      await repo.deleteSheet(tx, sheet.id);
      await repo.touchEnrolment(tx, me.id, course.courseId, ctx.now);
      await completeIfDone(tx, me.id, course.courseId, ctx.now);
      return row;
    });
  } catch (err) {
    // A duplicate under another course's lock still meets the unique constraint: it gets the first one's attempt.
    if (!key || uniqueViolation(err) !== 'quiz_attempts_idempotency_unique') throw err;
  }
  if (!made) {
    const earlier = await replay(ctx, key!, id, input);
    if (!earlier) throw new Error('an attempt under this key was found, then was not');
    return { attempt: earlier, created: false };
  }
  return { attempt: toAttemptOut(made, course, questions), created: true };
}

/**
 * GET /students/:id/attempts: the quiz attempts of an enrolment's learner in its course, oldest first. Admins read
 * any enrolment; a dealer those of its own contractors (as the Students table lists them); anyone else's is a 404.
 */
export async function studentAttempts(ctx: Ctx, enrolmentId: string): Promise<StudentAttemptOut[]> {
  const me = actor(ctx);
  const owner = await repo.enrolmentOwner(ctx.db, enrolmentId);
  if (!owner || (me.role === 'dealer' && !(owner.role === 'contractor' && owner.dealerId === me.id))) throw new NotFoundError(m.enrolmentNotFound);
  return (await repo.attemptsInCourse(ctx.db, owner.userId, owner.courseId)).map(({ attempt: a, quizTitle }) => ({
    id: a.id,
    assignmentId: a.assignmentId,
    quizTitle,
    cycle: a.cycle,
    attemptNumber: a.attemptNumber,
    score: a.score,
    passed: a.passed,
    created_at: iso(a.createdAt),
  }));
}
