import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { courseComments, courses, lessons } from '../../db/schema/academy.js';
import { like, paging, type Page } from './academy-query.js';

const repliers = alias(users, 'repliers');

/** Comments with their course, lesson, learner and replier, newest first. */
export async function listComments(db: Db, p: Page & { id?: string; courseId?: string; userId?: string; lessonId?: string }) {
  const l = like(p);
  const conds: SQL[] = [];
  if (p.id) conds.push(eq(courseComments.id, p.id));
  if (p.courseId) conds.push(eq(courseComments.courseId, p.courseId));
  if (p.userId) conds.push(eq(courseComments.userId, p.userId));
  if (p.lessonId) conds.push(eq(courseComments.lessonId, p.lessonId));
  if (l) conds.push(sql`(${ilike(courseComments.comment, l)} or ${ilike(courses.title, l)} or ${ilike(users.fullname, l)})`);
  const query = db
    .select({
      comment: courseComments,
      courseTitle: courses.title,
      lessonTitle: lessons.title,
      learnerName: users.fullname,
      repliedByName: repliers.fullname,
    })
    .from(courseComments)
    .innerJoin(courses, eq(courses.id, courseComments.courseId))
    .innerJoin(users, eq(users.id, courseComments.userId))
    .leftJoin(lessons, eq(lessons.id, courseComments.lessonId))
    .leftJoin(repliers, eq(repliers.id, courseComments.repliedBy))
    .where(and(...conds))
    .orderBy(desc(courseComments.createdAt), desc(courseComments.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export type CommentListRow = Awaited<ReturnType<typeof listComments>>[number];

export const insertComment = async (db: Db, values: typeof courseComments.$inferInsert) => (await db.insert(courseComments).values(values).returning())[0]!;

export const replyToComment = async (db: Db, id: string, values: { reply: string; repliedBy: string; repliedAt: Date }) =>
  (await db.update(courseComments).set(values).where(eq(courseComments.id, id)).returning({ id: courseComments.id }))[0];

export const deleteComment = async (db: Db, id: string) => (await db.delete(courseComments).where(eq(courseComments.id, id)).returning({ id: courseComments.id }))[0];
