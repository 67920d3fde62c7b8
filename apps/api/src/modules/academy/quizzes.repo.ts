import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assignments, certifications, courses, enrolments, lessons, quizAttempts, quizSheets, type QuizLayout } from '../../db/schema/academy.js';
import { users } from '../../db/schema/accounts.js';

export type AttemptRow = typeof quizAttempts.$inferSelect;

/**
 * The courses in which this learner may take the quiz: those with a lesson using the assignment that
 * the learner is enrolled in (all courses using it when `userId` is null: staff), oldest enrolment first.
 */
export async function quizCourses(db: Db, assignmentId: string, userId: string | null, courseId?: string) {
  const conds = [sql`exists (select 1 from ${lessons} l where l."course_id" = ${courses.id} and l."assignment_id" = ${assignmentId})`];
  if (courseId) conds.push(eq(courses.id, courseId));
  const base = db
    .select({
      courseId: courses.id,
      passingScore: certifications.passingScore,
      attemptsLimit: certifications.attemptsLimit,
      retryWaitHours: certifications.retryWaitHours,
    })
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

/** The learner's enrolment's current cycle in the course; undefined when not enrolled. */
export const enrolmentCycle = async (db: Db, userId: string, courseId: string) =>
  (await db.select({ cycle: enrolments.cycle }).from(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId))).limit(1))[0]?.cycle;

/** A learner's attempts at one quiz in one course and cycle, oldest first. */
export const attemptsOf = (db: Db, userId: string, courseId: string, assignmentId: string, cycle: number) =>
  db
    .select()
    .from(quizAttempts)
    .where(
      and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId), eq(quizAttempts.assignmentId, assignmentId), eq(quizAttempts.cycle, cycle)),
    )
    .orderBy(asc(quizAttempts.attemptNumber));

/** The attempt a learner sent under this Idempotency-Key, if any. */
export const attemptByKey = async (db: Db, userId: string, key: string) =>
  (await db.select().from(quizAttempts).where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.idempotencyKey, key))).limit(1))[0];

export const insertAttempt = async (db: Db, values: typeof quizAttempts.$inferInsert) => (await db.insert(quizAttempts).values(values).returning())[0]!;

export const touchEnrolment = (db: Db, userId: string, courseId: string, now: Date) =>
  db.update(enrolments).set({ lastActivityAt: now }).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));

const sheetOf = (userId: string, courseId: string, assignmentId: string) =>
  and(eq(quizSheets.userId, userId), eq(quizSheets.courseId, courseId), eq(quizSheets.assignmentId, assignmentId));

/** The learner's open sheet of the quiz in the course, if any. */
export const findSheet = async (db: Db, userId: string, courseId: string, assignmentId: string) =>
  (await db.select().from(quizSheets).where(sheetOf(userId, courseId, assignmentId)).limit(1))[0];

/** Opens a sheet unless one is open already (two readers at once keep the first); answers the open one. */
export async function openSheet(db: Db, values: { userId: string; courseId: string; assignmentId: string; layout: QuizLayout; createdAt: Date }) {
  await db.insert(quizSheets).values(values).onConflictDoNothing({ target: [quizSheets.userId, quizSheets.courseId, quizSheets.assignmentId] });
  return (await findSheet(db, values.userId, values.courseId, values.assignmentId))!;
}

export const deleteSheet = (db: Db, id: string) => db.delete(quizSheets).where(eq(quizSheets.id, id));

/** An enrolment with the learner's role and dealer: who may read its attempts. */
export const enrolmentOwner = async (db: Db, id: string) =>
  (
    await db
      .select({ userId: enrolments.userId, courseId: enrolments.courseId, role: users.role, dealerId: users.dealerId })
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .where(eq(enrolments.id, id))
      .limit(1)
  )[0];

/** Every attempt of a learner in a course with its quiz's title, by cycle, quiz and number. */
export const attemptsInCourse = (db: Db, userId: string, courseId: string) =>
  db
    .select({ attempt: quizAttempts, quizTitle: assignments.title })
    .from(quizAttempts)
    .innerJoin(assignments, eq(assignments.id, quizAttempts.assignmentId))
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId)))
    .orderBy(asc(quizAttempts.createdAt), asc(quizAttempts.cycle), asc(quizAttempts.attemptNumber), asc(quizAttempts.id));
