import { and, asc, count, countDistinct, desc, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@meltway/shared/common/language';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { assignments, authors, courses, courseSections, documents, enrolments, lessons } from '../../db/schema/academy.js';
import { preparedOnce } from '../../db/prepared.js';
import { paging, type Page } from './academy-query.js';
import { searchCondition, searchQuery } from './course-search.js';

/**
 * A course as every read answers it: without its search text and vector, which only the search condition reads.
 * Those hold the description and every lesson title again, several times a page's worth of bytes to fetch and parse.
 */
const { searchText: _searchText, searchVector: _searchVector, searchTextFr: _searchTextFr, searchVectorFr: _searchVectorFr, ...courseColumns } = getTableColumns(courses);
export { courseColumns };
export type CourseRow = Omit<typeof courses.$inferSelect, 'searchText' | 'searchVector' | 'searchTextFr' | 'searchVectorFr'>;
type LessonRow = typeof lessons.$inferSelect;

// A usage count, spelled out: in a single-table select Drizzle leaves column names unqualified.
const lessonsOfCourse = sql<number>`(select count(*)::int from "lessons" l where l."course_id" = "courses"."id")`;

// References a course names: which of them exist.

export const existingAuthor = async (db: Db, id: string) => !!(await db.select({ id: authors.id }).from(authors).where(eq(authors.id, id)).limit(1))[0];

export const existingAssignments = async (db: Db, ids: string[]) =>
  new Set(ids.length ? (await db.select({ id: assignments.id }).from(assignments).where(inArray(assignments.id, ids))).map((r) => r.id) : []);

export const existingDocuments = async (db: Db, ids: string[]) =>
  new Set(ids.length ? (await db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).map((r) => r.id) : []);

const courseListColumns = {
  course: courseColumns,
  authorName: authors.name,
  lessonCount: lessonsOfCourse,
};

/** `search`: the language whose texts a search compares, or false for no search. */
type ListShape = { withDrafts: boolean; search: Language | false };
type ListParams = Page & { withDrafts: boolean; lang: Language };

const listConditions = (shape: ListShape) => {
  const conds: SQL[] = [];
  if (!shape.withDrafts) conds.push(eq(courses.status, 'published'));
  if (shape.search) conds.push(searchCondition(shape.search));
  return and(...conds);
};

const shapeKey = (shape: ListShape) => `${shape.withDrafts ? 'drafts' : 'published'}.${shape.search ? `search.${shape.search}` : 'all'}`;

/**
 * Courses, newest first; drafts only when asked (staff); `q` searches title, description, author and lesson
 * titles in `lang` (French ones, or English ones where there is no French). One statement prepared per shape (drafts or not, searched or not, paged or not), but a search is
 * planned for its words each time: how many courses hold them decides between walking the newest courses
 * and reading the index, and a plan made for any words (a prepared statement's generic plan) reads the
 * index every time, 35 times slower on a common word's first page.
 */
export async function listCourses(db: Db, p: ListParams) {
  const tsquery = searchQuery(p.q);
  const shape: ListShape = { withDrafts: p.withDrafts, search: tsquery ? p.lang : false };
  const page = paging(p);
  const build = () => {
    const query = db
      .select(courseListColumns)
      .from(courses)
      .innerJoin(authors, eq(authors.id, courses.authorId))
      .where(listConditions(shape))
      .orderBy(desc(courses.createdAt), desc(courses.id))
      .$dynamic();
    return page ? query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : query;
  };
  const values = { tsquery, limit: page?.limit, offset: page?.offset };
  // A search's statement is built once too, but sent unnamed (an empty name), which PostgreSQL plans with each
  // execution's values.
  return preparedOnce(db, `courses.list.${shapeKey(shape)}.${page ? 'page' : 'every'}`, (name) => build().prepare(tsquery ? '' : name)).execute(values);
}

/** How many courses `listCourses` finds over all its pages. */
export async function countListed(db: Db, p: ListParams) {
  const tsquery = searchQuery(p.q);
  const shape: ListShape = { withDrafts: p.withDrafts, search: tsquery ? p.lang : false };
  const statement = preparedOnce(db, `courses.count.${shapeKey(shape)}`, (name) =>
    db.select({ n: count() }).from(courses).where(listConditions(shape)).prepare(name),
  );
  return (await statement.execute({ tsquery }))[0]?.n ?? 0;
}

/** One course with its author. */
export const findCourse = async (db: Db, id: string) =>
  (await db.select({ course: courseColumns, author: authors }).from(courses).innerJoin(authors, eq(authors.id, courses.authorId)).where(eq(courses.id, id)).limit(1))[0];

/** Locks a course's row until the transaction ends (serialises edits of its table of contents). */
export const lockCourse = async (db: Db, id: string) =>
  (await db.select(courseColumns).from(courses).where(eq(courses.id, id)).for('update').limit(1))[0];

/** A section or lesson of a course as `courseContents` answers it. */
export type SectionRead = Pick<typeof courseSections.$inferSelect, 'id' | 'title' | 'titleFr' | 'position'>;
export type LessonRead = Pick<
  LessonRow,
  'id' | 'sectionId' | 'title' | 'titleFr' | 'type' | 'position' | 'duration' | 'videoId' | 'assignmentId' | 'documentId' | 'slidesDocumentId' | 'transcriptDocumentId'
>;

/**
 * One course with its author, its sections and its lessons, each in order, in one statement prepared once:
 * the player reads it on every visit. Undefined for an unknown id.
 */
export const courseContents = async (db: Db, id: string) =>
  (
    await preparedOnce(db, 'courses.contents', (name) =>
      db
        .select({
          course: courseColumns,
          author: authors,
          sections: sql<SectionRead[]>`coalesce((
            select json_agg(json_build_object('id', s.id, 'title', s.title, 'titleFr', s.title_fr, 'position', s.position) order by s.position, s.created_at)
            from ${courseSections} s where s.course_id = ${courses.id}
          ), '[]'::json)`,
          lessons: sql<LessonRead[]>`coalesce((
            select json_agg(json_build_object(
              'id', l.id, 'sectionId', l.section_id, 'title', l.title, 'titleFr', l.title_fr, 'type', l.type, 'position', l.position, 'duration', l.duration,
              'videoId', l.video_id, 'assignmentId', l.assignment_id, 'documentId', l.document_id,
              'slidesDocumentId', l.slides_document_id, 'transcriptDocumentId', l.transcript_document_id
            ) order by l.position, l.created_at)
            from ${lessons} l where l.course_id = ${courses.id}
          ), '[]'::json)`,
        })
        .from(courses)
        .innerJoin(authors, eq(authors.id, courses.authorId))
        .where(eq(courses.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    ).execute({ id })
  )[0];

export const sectionsOf = async (db: Db, courseId: string) =>
  db.select().from(courseSections).where(eq(courseSections.courseId, courseId)).orderBy(asc(courseSections.position), asc(courseSections.createdAt));

export const lessonsOf = async (db: Db, courseId: string) =>
  db.select().from(lessons).where(eq(lessons.courseId, courseId)).orderBy(asc(lessons.position), asc(lessons.createdAt));

export const insertCourse = async (db: Db, values: typeof courses.$inferInsert) => (await db.insert(courses).values(values).returning(courseColumns))[0]!;

export const updateCourse = async (db: Db, id: string, values: Partial<typeof courses.$inferInsert>) =>
  (await db.update(courses).set({ ...values, updatedAt: sql`now()` }).where(eq(courses.id, id)).returning(courseColumns))[0];

export const deleteCourse = async (db: Db, id: string) => (await db.delete(courses).where(eq(courses.id, id)).returning(courseColumns))[0];

export const insertSection = async (db: Db, values: typeof courseSections.$inferInsert) => (await db.insert(courseSections).values(values).returning())[0]!;

export const updateSection = async (db: Db, id: string, values: { title: string; titleFr: string | null; position: number }) =>
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
