import { and, asc, count, countDistinct, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { assignments, authors, courses, courseSections, documents, enrolments, lessons } from '../../db/schema/academy.js';
import { paging, type Page } from './academy-query.js';
import { searchCondition } from './course-search.js';

export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;

// A usage count, spelled out: in a single-table select Drizzle leaves column names unqualified.
const lessonsOfCourse = sql<number>`(select count(*)::int from "lessons" l where l."course_id" = "courses"."id")`;

// References a course names: which of them exist.

export const existingAuthor = async (db: Db, id: string) => !!(await db.select({ id: authors.id }).from(authors).where(eq(authors.id, id)).limit(1))[0];

export const existingAssignments = async (db: Db, ids: string[]) =>
  new Set(ids.length ? (await db.select({ id: assignments.id }).from(assignments).where(inArray(assignments.id, ids))).map((r) => r.id) : []);

export const existingDocuments = async (db: Db, ids: string[]) =>
  new Set(ids.length ? (await db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).map((r) => r.id) : []);

const courseListColumns = {
  course: courses,
  authorName: authors.name,
  lessonCount: lessonsOfCourse,
};

const listConditions = (p: Page & { withDrafts: boolean }) => {
  const conds: SQL[] = [];
  if (!p.withDrafts) conds.push(eq(courses.status, 'published'));
  const search = searchCondition(p.q);
  if (search) conds.push(search);
  return and(...conds);
};

/** Courses, newest first; drafts only when asked (staff); `q` searches title, description, author and lesson titles. */
export async function listCourses(db: Db, p: Page & { withDrafts: boolean }) {
  const query = db
    .select(courseListColumns)
    .from(courses)
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(listConditions(p))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** How many courses `listCourses` finds over all its pages. */
export const countListed = async (db: Db, p: Page & { withDrafts: boolean }) =>
  (await db.select({ n: count() }).from(courses).where(listConditions(p)))[0]?.n ?? 0;

/** One course with its author. */
export const findCourse = async (db: Db, id: string) =>
  (await db.select({ course: courses, author: authors }).from(courses).innerJoin(authors, eq(authors.id, courses.authorId)).where(eq(courses.id, id)).limit(1))[0];

/** Locks a course's row until the transaction ends (serialises edits of its table of contents). */
export const lockCourse = async (db: Db, id: string) =>
  (await db.select().from(courses).where(eq(courses.id, id)).for('update').limit(1))[0];

export const sectionsOf = async (db: Db, courseId: string) =>
  db.select().from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position), asc(courseSections.createdAt));

export const lessonsOf = async (db: Db, courseId: string) =>
  db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position), asc(lessons.createdAt));

export const insertCourse = async (db: Db, values: typeof courses.$inferInsert) => (await db.insert(courses).values(values).returning())[0]!;

export const updateCourse = async (db: Db, id: string, values: Partial<typeof courses.$inferInsert>) =>
  (await db.update(courses).set({ ...values, updatedAt: sql`now()` }).where(eq(courses.id, id)).returning())[0];

export const deleteCourse = async (db: Db, id: string) => (await db.delete(courses).where(eq(courses.id, id)).returning())[0];

export const insertSection = async (db: Db, values: typeof courseSections.$inferInsert) => (await db.insert(courseSections).values(values).returning())[0]!;

export const updateSection = async (db: Db, id: string, values: { title: string; position: number }) =>
  db.update(courseSections).set(values).where(eq(courseSections.id, id));

export const insertLesson = async (db: Db, values: typeof lessons.$inferInsert) => (await db.insert(lessons).values(values).returning())[0]!;

export const updateLesson = async (db: Db, id: string, values: Partial<typeof lessons.$inferInsert>) =>
  db.update(lessons).set({ ...values, updatedAt: sql`now()` }).where(eq(lessons.id, id));

/** Removes the lessons of a course that are not kept. */
export const deleteLessonsExcept = async (db: Db, courseId: string, keep: string[]) =>
  db.delete(lessons).where(and(eq(lessons.courseId, courseId), keep.length ? notInArray(lessons.id, keep) : undefined));

/** Removes the sections of a course that are not kept. */
export const deleteSectionsExcept = async (db: Db, courseId: string, keep: string[]) =>
  db.delete(courseSections).where(and(eq(courseSections.courseId, courseId), keep.length ? notInArray(courseSections.id, keep) : undefined));

export const countEnrolments = async (db: Db, courseId: string) =>
  (await db.select({ n: count() }).from(enrolments).where(eq(enrolments.courseId, courseId)))[0]?.n ?? 0;

export const insertEnrolment = async (db: Db, values: typeof enrolments.$inferInsert) => (await db.insert(enrolments).values(values).onConflictDoNothing().returning())[0];

/** Courses (published only unless told), for the dashboard's figure. */
export const countCourses = async (db: Db, withDrafts: boolean) =>
  (await db.select({ n: count() }).from(courses).where(withDrafts ? undefined : eq(courses.status, 'published')))[0]?.n ?? 0;

/** Distinct people enrolled in at least one course; `dealerId` counts only that dealer's contractors. */
export async function countLearners(db: Db, dealerId?: string) {
  const n = countDistinct(enrolments.userId);
  const rows = dealerId
    ? await db.select({ n }).from(enrolments).innerJoin(users, eq(users.id, enrolments.userId)).where(eq(users.dealerId, dealerId))
    : await db.select({ n }).from(enrolments);
  return rows[0]?.n ?? 0;
}
