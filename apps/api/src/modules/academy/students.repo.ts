import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courses, enrolments, lessonProgress, quizAttempts, quizSheets } from '../../db/schema/academy.js';
import { users } from '../../db/schema/accounts.js';
import { like, type Page } from './academy-query.js';
import { lessonCounts } from './completion.js';

/** Who may be listed: everyone, or only the contractors of one dealer. */
export type StudentScope = { dealerId?: string };
export type StudentFilters = Page & { courseId?: string };

function studentWhere(f: StudentFilters, scope: StudentScope) {
  const conds: SQL[] = [];
  if (scope.dealerId) conds.push(eq(users.role, 'contractor'), eq(users.dealerId, scope.dealerId));
  if (f.courseId) conds.push(eq(enrolments.courseId, f.courseId));
  const l = like(f);
  if (l) conds.push(or(ilike(users.fullname, l), ilike(users.email, l))!);
  return and(...conds);
}

/*
 * Each row's figures, computed by the database for the page's rows (correlated subqueries on indexed
 * columns: lessons by course, lesson_progress by user and lesson, quiz_attempts by course and user), in the
 * enrolment's current cycle.
 */
const lessonCount = sql<number>`(select count(*)::int from lessons l where l.course_id = ${enrolments.courseId})`;
/** The lessons that count, by the learner's one rule (`lessonCounts`). */
const seenCount = sql<number>`(select count(*)::int from lessons l where l.course_id = ${enrolments.courseId} and ${lessonCounts(sql`${enrolments.userId}`, sql`${enrolments.cycle}`)})`;
/** Per quiz taken in the current cycle, the best score; then how many quizzes and the average of those bests. */
const bestScores = sql`(select qa.assignment_id, max(qa.score) as best from quiz_attempts qa where qa.course_id = ${enrolments.courseId} and qa.user_id = ${enrolments.userId} and qa.cycle = ${enrolments.cycle} group by qa.assignment_id)`;
const quizzesTaken = sql<number>`(select count(*)::int from ${bestScores} b)`;
const avgScore = sql<number | null>`(select round(avg(b.best))::int from ${bestScores} b)`;
/** Quizzes of lessons before the learner's last lesson (by section, then lesson order) without a passed attempt in the current cycle. */
const quizzesMissed = sql<number>`(
  select count(distinct l.assignment_id)::int
  from lessons l
  join course_sections s on s.id = l.section_id
  join lessons ll on ll.id = ${enrolments.lastLessonId}
  join course_sections ls on ls.id = ll.section_id
  where l.course_id = ${enrolments.courseId} and l.type = 'assignment'
    and (s.position, l.position) < (ls.position, ll.position)
    and not exists (
      select 1 from quiz_attempts qa
      where qa.user_id = ${enrolments.userId} and qa.course_id = ${enrolments.courseId} and qa.assignment_id = l.assignment_id
        and qa.cycle = ${enrolments.cycle} and qa.passed
    )
)`;

const studentFields = {
  enrolment: enrolments,
  studentName: users.fullname,
  studentNameFr: users.fullnameFr,
  email: users.email,
  image: users.image,
  courseTitle: courses.title,
  lessonCount,
  seenCount,
  quizzesTaken,
  avgScore,
  quizzesMissed,
};

/** One page of enrolments, newest first, each with its learner, course and figures. */
export async function pageStudents(db: Db, f: StudentFilters & { limit: number; offset: number }, scope: StudentScope) {
  const page = db
    .select({ id: enrolments.id })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(studentWhere(f, scope))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id))
    .limit(f.limit)
    .offset(f.offset)
    .as('page');
  return db
    .select(studentFields)
    .from(page)
    .innerJoin(enrolments, eq(enrolments.id, page.id))
    .innerJoin(users, eq(users.id, enrolments.userId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
}

export async function countStudents(db: Db, f: StudentFilters, scope: StudentScope) {
  const [row] = await db.select({ n: count() }).from(enrolments).innerJoin(users, eq(users.id, enrolments.userId)).where(studentWhere(f, scope));
  return row?.n ?? 0;
}

/** One enrolment as a row of the list. */
export const findStudent = async (db: Db, id: string) =>
  (
    await db
      .select(studentFields)
      .from(enrolments)
      .innerJoin(users, eq(users.id, enrolments.userId))
      .innerJoin(courses, eq(courses.id, enrolments.courseId))
      .where(eq(enrolments.id, id))
      .limit(1)
  )[0];

export type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudent>>>;

export const findCourseStatus = async (db: Db, id: string) =>
  (await db.select({ id: courses.id, status: courses.status }).from(courses).where(eq(courses.id, id)).limit(1))[0];

export const findUserByEmail = async (db: Db, email: string) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

/** A learner added by an admin: an approved customer without a password until the invitation is used. */
export const insertLearner = async (db: Db, values: Pick<typeof users.$inferInsert, 'email' | 'fullname' | 'fullnameFr' | 'image' | 'createdAt'>) =>
  (await db.insert(users).values({ ...values, role: 'customer', status: 'approved' }).returning())[0]!;

export const insertEnrolment = async (db: Db, values: typeof enrolments.$inferInsert) => (await db.insert(enrolments).values(values).returning())[0]!;

/** Removes an enrolment with the learner's lesson progress, quiz attempts and open quiz sheets in that course; certificates stay. */
export async function deleteEnrolment(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(enrolments).where(eq(enrolments.id, id)).returning();
    if (!row) return undefined;
    await tx.delete(lessonProgress).where(and(eq(lessonProgress.userId, row.userId), eq(lessonProgress.courseId, row.courseId)));
    await tx.delete(quizAttempts).where(and(eq(quizAttempts.userId, row.userId), eq(quizAttempts.courseId, row.courseId)));
    await tx.delete(quizSheets).where(and(eq(quizSheets.userId, row.userId), eq(quizSheets.courseId, row.courseId)));
    return row;
  });
}
