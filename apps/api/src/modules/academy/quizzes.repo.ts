import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certifications, courses, enrolments, lessons, quizAttempts } from '../../db/schema/academy.js';

export type AttemptRow = typeof quizAttempts.$inferSelect;

/**
 * The courses in which this learner may take the quiz: those with a lesson using the assignment that
 * the learner is enrolled in (all courses using it when `userId` is null: staff), oldest enrolment first.
 */
export async function quizCourses(db: Db, assignmentId: string, userId: string | null, courseId?: string) {
  const conds = [sql`exists (select 1 from ${lessons} l where l."course_id" = ${courses.id} and l."assignment_id" = ${assignmentId})`];
  if (courseId) conds.push(eq(courses.id, courseId));
  const base = db
    .select({ courseId: courses.id, passingScore: certifications.passingScore, attemptsLimit: certifications.attemptsLimit })
    .from(courses)
    .leftJoin(certifications, eq(certifications.courseId, courses.id))
    .$dynamic();
  if (userId === null) return base.where(and(...conds)).orderBy(asc(courses.createdAt), asc(courses.id)).limit(1);
  return base
    .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, userId)))
    .where(and(...conds))
    .orderBy(asc(enrolments.createdAt), asc(courses.id))
    .limit(1);
}

/** A learner's attempts at one quiz in one course, oldest first. */
export const attemptsOf = (db: Db, userId: string, courseId: string, assignmentId: string) =>
  db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId), eq(quizAttempts.assignmentId, assignmentId)))
    .orderBy(asc(quizAttempts.attemptNumber));

/** The attempt a learner sent under this Idempotency-Key, if any. */
export const attemptByKey = async (db: Db, userId: string, key: string) =>
  (await db.select().from(quizAttempts).where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.idempotencyKey, key))).limit(1))[0];

/** How many attempts the learner has made at the quiz in the course. */
export const attemptsUsed = async (db: Db, userId: string, courseId: string, assignmentId: string) =>
  (
    await db
      .select({ n: sql<number>`coalesce(max(${quizAttempts.attemptNumber}), 0)::int` })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId), eq(quizAttempts.assignmentId, assignmentId)))
  )[0]!.n;

export const insertAttempt = async (db: Db, values: typeof quizAttempts.$inferInsert) => (await db.insert(quizAttempts).values(values).returning())[0]!;

export const touchEnrolment = (db: Db, userId: string, courseId: string, now: Date) =>
  db.update(enrolments).set({ lastActivityAt: now }).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
