import type { AttemptInput, AttemptOut, QuizOut, QuizQuery } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { iso, isStaff } from './academy-rules.js';
import * as assignmentsRepo from './assignments.repo.js';
import { completeIfDone, lockEnrolment } from './completion.js';
import * as repo from './quizzes.repo.js';

/**
 * Quizzes as learners take them. The answer key stays on the server: a learner reads questions and
 * answers only, and an attempt answers per question whether the chosen answer was right, never which
 * answer was. The pass mark is the course certification's passing score; a course that awards no
 * certification has a pass mark of 0 (every graded attempt passes). Its attempts limit applies to each
 * quiz of the course; none: unlimited.
 */

type QuizCourse = { courseId: string; passingScore: number | null; attemptsLimit: number | null };

const toAttemptOut = (a: repo.AttemptRow, course: QuizCourse): AttemptOut => ({
  id: a.id,
  attemptNumber: a.attemptNumber,
  score: a.score,
  passed: a.passed,
  passingScore: course.passingScore ?? 0,
  attemptsLeft: Math.max(0, (course.attemptsLimit ?? 3) - a.attemptNumber),
  opensAt: null,
  results: a.results.map((correct, i) => ({ question: String(i + 1), correct })),
  created_at: iso(a.createdAt),
});

async function assignmentOf(ctx: Ctx, id: string) {
  const row = await assignmentsRepo.findAssignment(ctx.db, id);
  if (!row) throw new NotFoundError(m.assignmentNotFound);
  return row.assignment;
}

/** The course the learner takes the quiz in (staff: any course using it); 404 when not enrolled in one. */
async function courseOf(ctx: Ctx, assignmentId: string, courseId: string | undefined, staffMayRead: boolean): Promise<QuizCourse> {
  const me = actor(ctx);
  const [found] = await repo.quizCourses(ctx.db, assignmentId, staffMayRead && isStaff(ctx) ? null : me.id, courseId);
  if (!found) throw new NotFoundError(m.notEnrolled);
  return { courseId: found.courseId, passingScore: found.passingScore ?? null, attemptsLimit: found.attemptsLimit ?? null };
}

/** GET /assignments/:id/quiz: the questions without any key, the pass mark, the attempts allowed and the learner's own attempts. */
export async function getQuiz(ctx: Ctx, id: string, query: z.output<typeof QuizQuery>): Promise<QuizOut> {
  const me = actor(ctx);
  const assignment = await assignmentOf(ctx, id);
  const course = await courseOf(ctx, id, query.courseId, true);
  const attempts = await repo.attemptsOf(ctx.db, me.id, course.courseId, id);
  return {
    id: assignment.id,
    courseId: course.courseId,
    title: assignment.title,
    // Built field by field: the answer key cannot ride along.
    questions: assignment.questions.map((q) => ({ questionText: q.questionText, answers: [...q.answers] })),
    passingScore: course.passingScore ?? 0,
    attemptsLimit: course.attemptsLimit ?? 3,
    retryWaitHours: 24,
    sheetId: null,
    opensAt: null,
    passed: attempts.some((a) => a.passed),
    attemptsUsed: attempts.length ? attempts.at(-1)!.attemptNumber : 0,
    attempts: attempts.map((a) => toAttemptOut(a, course)),
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
  return toAttemptOut(found, { courseId: found.courseId, passingScore: course?.passingScore ?? null, attemptsLimit: course?.attemptsLimit ?? null });
}

export type Graded = { attempt: AttemptOut; created: boolean };

/**
 * POST /assignments/:id/attempts: grades the answers on the server and stores the attempt, numbered per
 * learner, course and quiz, in one transaction with the learner's enrolment locked: the attempts limit is
 * counted under that lock, and `completeIfDone` issues the certificate when this pass finishes the course.
 * Under one Idempotency-Key a resent (or parallel) submission answers the first one's attempt.
 */
export async function submitAttempt(ctx: Ctx, id: string, input: z.output<typeof AttemptInput>, key?: string): Promise<Graded> {
  const me = actor(ctx);
  if (key) {
    const earlier = await replay(ctx, key, id, input);
    if (earlier) return { attempt: earlier, created: false };
  }
  const assignment = await assignmentOf(ctx, id);
  const course = await courseOf(ctx, id, input.courseId, false);
  const questions = assignment.questions;
  if (input.answers.length !== questions.length) throw new FieldError('answers', m.answersCountMismatch);
  const outOfRange = input.answers.flatMap((a, i) => (a >= questions[i]!.answers.length ? [{ path: `answers.${i}`, message: m.answerRequired }] : []));
  if (outOfRange.length) throw new ValidationError(outOfRange);

  const results = input.answers.map((a, i) => a === questions[i]!.correctIndex);
  const score = Math.round((100 * results.filter(Boolean).length) / questions.length);
  const passingScore = course.passingScore ?? 0;

  let made: repo.AttemptRow | undefined;
  try {
    made = await ctx.db.transaction(async (tx) => {
      const enrolment = await lockEnrolment(tx, me.id, course.courseId);
      if (!enrolment) throw new NotFoundError(m.notEnrolled);
      // Duplicates of one key wait on the enrolment's lock, then find the first one's attempt.
      if (key && (await repo.attemptByKey(tx, me.id, key))) return undefined;
      const used = await repo.attemptsUsed(tx, me.id, course.courseId, id);
      if (course.attemptsLimit !== null && used >= course.attemptsLimit) throw new ConflictError(m.attemptsUsedUp);
      const row = await repo.insertAttempt(tx, {
        userId: me.id,
        courseId: course.courseId,
        assignmentId: id,
        cycle: enrolment.cycle,
        attemptNumber: used + 1,
        answers: input.answers,
        results,
        score,
        passed: score >= passingScore,
        idempotencyKey: key ?? null,
      });
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
  return { attempt: toAttemptOut(made, course), created: true };
}
