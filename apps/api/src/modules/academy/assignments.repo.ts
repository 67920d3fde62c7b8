import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assignments, courses, lessons } from '../../db/schema/academy.js';
import { like, paging, type Page } from './academy-query.js';

export type AssignmentRow = typeof assignments.$inferSelect;

// A usage count, spelled out: in a single-table select Drizzle leaves column names unqualified.
const lessonsOfAssignment = sql<number>`(select count(*)::int from "lessons" l where l."assignment_id" = "assignments"."id")`;

/** Assignments, newest first, with their number of questions; `q` searches titles. */
export async function listAssignments(db: Db, p: Page) {
  const l = like(p);
  const query = db
    .select({
      id: assignments.id,
      title: assignments.title,
      questionCount: sql<number>`jsonb_array_length(${assignments.questions})::int`,
      lessonCount: lessonsOfAssignment,
      createdAt: assignments.createdAt,
      updatedAt: assignments.updatedAt,
    })
    .from(assignments)
    .where(l ? ilike(assignments.title, l) : undefined)
    .orderBy(desc(assignments.createdAt), desc(assignments.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findAssignment = async (db: Db, id: string) =>
  (await db.select({ assignment: assignments, lessonCount: lessonsOfAssignment }).from(assignments).where(eq(assignments.id, id)).limit(1))[0];

export const insertAssignment = async (db: Db, values: typeof assignments.$inferInsert) => (await db.insert(assignments).values(values).returning())[0]!;

export const updateAssignment = async (db: Db, id: string, values: Partial<typeof assignments.$inferInsert>) =>
  (await db.update(assignments).set({ ...values, updatedAt: sql`now()` }).where(eq(assignments.id, id)).returning())[0];

export const deleteAssignment = async (db: Db, id: string) => (await db.delete(assignments).where(eq(assignments.id, id)).returning({ id: assignments.id }))[0];

/** Whether a published course has a lesson with this assignment (what learners may read). */
export const assignmentInPublishedCourse = async (db: Db, id: string) =>
  (
    await db
      .select({ n: count() })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(lessons.assignmentId, id), eq(courses.status, 'published')))
  )[0]!.n > 0;
