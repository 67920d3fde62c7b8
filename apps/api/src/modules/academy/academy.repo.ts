import { and, asc, count, countDistinct, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { assignments, authors, certifications, courseComments, courses, courseSections, documents, enrolments, lessons } from '../../db/schema/academy.js';

export type AuthorRow = typeof authors.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type AssignmentRow = typeof assignments.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type CertificationRow = typeof certifications.$inferSelect;

let writes = 0;
/** Changes whenever this process changes what the public course pages show: their caches key on it. */
export const academyWriteSeq = () => writes;
/** Marks such a change, once it is committed. */
export const markAcademyWrite = () => {
  writes += 1;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export type Page = { page?: number; pageSize?: number; q?: string };
const paging = (p: Page) => (p.pageSize ? { limit: p.pageSize, offset: ((p.page ?? 1) - 1) * p.pageSize } : p.page ? { limit: 10, offset: (p.page - 1) * 10 } : undefined);
const like = (p: Page) => (p.q ? `%${escapeLike(p.q)}%` : undefined);

// Usage counts, spelled out: in a single-table select Drizzle leaves column names unqualified.
const coursesOfAuthor = sql<number>`(select count(*)::int from "courses" c where c."author_id" = "authors"."id")`;
const lessonsOfDocument = sql<number>`(select count(*)::int from "lessons" l where l."document_id" = "documents"."id")`;
const lessonsOfAssignment = sql<number>`(select count(*)::int from "lessons" l where l."assignment_id" = "assignments"."id")`;
const lessonsOfCourse = sql<number>`(select count(*)::int from "lessons" l where l."course_id" = "courses"."id")`;

// Authors

/** Authors by name; `q` searches names. */
export async function listAuthors(db: Db, p: Page) {
  const l = like(p);
  const query = db
    .select({ author: authors, courseCount: coursesOfAuthor })
    .from(authors)
    .where(l ? ilike(authors.name, l) : undefined)
    .orderBy(asc(authors.name), asc(authors.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findAuthor = async (db: Db, id: string) =>
  (await db.select({ author: authors, courseCount: coursesOfAuthor }).from(authors).where(eq(authors.id, id)).limit(1))[0];

export const insertAuthor = async (db: Db, values: typeof authors.$inferInsert) => (await db.insert(authors).values(values).returning())[0]!;

export const updateAuthor = async (db: Db, id: string, values: Partial<typeof authors.$inferInsert>) =>
  (await db.update(authors).set({ ...values, updatedAt: sql`now()` }).where(eq(authors.id, id)).returning())[0];

export const deleteAuthor = async (db: Db, id: string) => (await db.delete(authors).where(eq(authors.id, id)).returning())[0];

// Documents

/** Documents, newest first; `q` searches names. */
export async function listDocuments(db: Db, p: Page) {
  const l = like(p);
  const query = db
    .select({ doc: documents, lessonCount: lessonsOfDocument })
    .from(documents)
    .where(l ? ilike(documents.name, l) : undefined)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findDocument = async (db: Db, id: string) =>
  (await db.select({ doc: documents, lessonCount: lessonsOfDocument }).from(documents).where(eq(documents.id, id)).limit(1))[0];

export const insertDocument = async (db: Db, values: typeof documents.$inferInsert) => (await db.insert(documents).values(values).returning())[0]!;

export const deleteDocument = async (db: Db, id: string) => (await db.delete(documents).where(eq(documents.id, id)).returning())[0];

/** Whether a published course has a lesson that opens this document (what learners may read). */
export const documentInPublishedCourse = async (db: Db, id: string) =>
  (
    await db
      .select({ n: count() })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(lessons.documentId, id), eq(courses.status, 'published')))
  )[0]!.n > 0;

// Assignments

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

// References a course names: which of them exist.

export const existingAuthor = async (db: Db, id: string) => !!(await db.select({ id: authors.id }).from(authors).where(eq(authors.id, id)).limit(1))[0];

export const existingAssignments = async (db: Db, ids: string[]) =>
  new Set(ids.length ? (await db.select({ id: assignments.id }).from(assignments).where(inArray(assignments.id, ids))).map((r) => r.id) : []);

export const existingDocuments = async (db: Db, ids: string[]) =>
  new Set(ids.length ? (await db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).map((r) => r.id) : []);

// Courses

const courseListColumns = {
  course: courses,
  authorName: authors.name,
  lessonCount: lessonsOfCourse,
};

/** Courses, newest first; drafts only when asked (staff); `q` searches titles. */
export async function listCourses(db: Db, p: Page & { withDrafts: boolean }) {
  const l = like(p);
  const conds: SQL[] = [];
  if (!p.withDrafts) conds.push(eq(courses.status, 'published'));
  if (l) conds.push(ilike(courses.title, l));
  const query = db
    .select(courseListColumns)
    .from(courses)
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(and(...conds))
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

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

// Certifications

/** Certifications by name, each with its course's title. */
export async function listCertifications(db: Db, p: Page & { publishedOnly: boolean; courseId?: string }) {
  const l = like(p);
  const conds: SQL[] = [];
  if (p.courseId) conds.push(eq(certifications.courseId, p.courseId));
  if (p.publishedOnly) conds.push(eq(courses.status, 'published'));
  if (l) conds.push(ilike(certifications.name, l));
  const query = db
    .select({ cert: certifications, courseTitle: courses.title })
    .from(certifications)
    .innerJoin(courses, eq(courses.id, certifications.courseId))
    .where(and(...conds))
    .orderBy(asc(certifications.name), asc(certifications.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findCertification = async (db: Db, id: string) =>
  (
    await db
      .select({ cert: certifications, courseTitle: courses.title })
      .from(certifications)
      .innerJoin(courses, eq(courses.id, certifications.courseId))
      .where(eq(certifications.id, id))
      .limit(1)
  )[0];

export const insertCertification = async (db: Db, values: typeof certifications.$inferInsert) => (await db.insert(certifications).values(values).returning())[0]!;

export const updateCertification = async (db: Db, id: string, values: Partial<typeof certifications.$inferInsert>) =>
  (await db.update(certifications).set({ ...values, updatedAt: sql`now()` }).where(eq(certifications.id, id)).returning())[0];

export const deleteCertification = async (db: Db, id: string) => (await db.delete(certifications).where(eq(certifications.id, id)).returning())[0];

export const existingCourse = async (db: Db, id: string) => !!(await db.select({ id: courses.id }).from(courses).where(eq(courses.id, id)).limit(1))[0];

// Comments

const repliers = alias(users, 'repliers');

/** Comments with their course, lesson, learner and replier, newest first. */
export async function listComments(db: Db, p: Page & { id?: string }) {
  const l = like(p);
  const conds: SQL[] = [];
  if (p.id) conds.push(eq(courseComments.id, p.id));
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
