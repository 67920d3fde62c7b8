import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { assignmentSubmissions, courses, enrolments } from '../../db/schema/academy.js';

const learner = alias(users, 'learner');

/** Who reads: a learner their own, a dealer its contractors', staff everyone's. */
export type Reader = { userId: string } | { dealerId: string } | null;

const readerCond = (reader: Reader): SQL | undefined =>
  reader === null ? undefined : 'userId' in reader ? eq(assignmentSubmissions.userId, reader.userId) : eq(learner.dealerId, reader.dealerId);

const columns = { submission: assignmentSubmissions, courseTitle: courses.title, learnerName: learner.fullname, dealerId: learner.dealerId };

/** Submissions, newest first, with their course and learner. */
export async function listSubmissions(db: Db, reader: Reader, q: { page: number; pageSize: number; courseId?: string; graded?: 'yes' | 'no' }) {
  const conds = [readerCond(reader)];
  if (q.courseId) conds.push(eq(assignmentSubmissions.courseId, q.courseId));
  if (q.graded) conds.push(q.graded === 'yes' ? isNotNull(assignmentSubmissions.gradedAt) : isNull(assignmentSubmissions.gradedAt));
  const where = and(...conds);
  const [items, [total]] = await Promise.all([
    db
      .select(columns)
      .from(assignmentSubmissions)
      .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
      .innerJoin(learner, eq(learner.id, assignmentSubmissions.userId))
      .where(where)
      .orderBy(desc(assignmentSubmissions.createdAt), desc(assignmentSubmissions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(assignmentSubmissions)
      .innerJoin(learner, eq(learner.id, assignmentSubmissions.userId))
      .where(where),
  ]);
  return { items, total: total!.n };
}

export const findSubmission = async (db: Db, id: string) =>
  (
    await db
      .select(columns)
      .from(assignmentSubmissions)
      .innerJoin(courses, eq(courses.id, assignmentSubmissions.courseId))
      .innerJoin(learner, eq(learner.id, assignmentSubmissions.userId))
      .where(eq(assignmentSubmissions.id, id))
      .limit(1)
  )[0];

export const isEnrolled = async (db: Db, userId: string, courseId: string) =>
  !!(await db.select({ id: enrolments.id }).from(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId))).limit(1))[0];

export const insertSubmission = async (db: Db, values: typeof assignmentSubmissions.$inferInsert) =>
  (await db.insert(assignmentSubmissions).values(values).returning())[0]!;

export const gradeSubmission = async (db: Db, id: string, values: { grade: number; gradeComment: string; gradedBy: string; gradedAt: Date }) =>
  (await db.update(assignmentSubmissions).set(values).where(eq(assignmentSubmissions.id, id)).returning({ id: assignmentSubmissions.id }))[0];

export const touchEnrolment = (db: Db, userId: string, courseId: string, now: Date) =>
  db.update(enrolments).set({ lastActivityAt: now }).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));

