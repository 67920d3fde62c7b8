import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { authors, certificates, courses, courseSections, enrolments, lessonProgress, lessons, quizSheets } from '../../db/schema/academy.js';
import { lessonCounts } from './completion.js';
import { courseColumns } from './courses.repo.js';

// The player reads these on every visit and every lesson opened: each is a statement prepared once.
const ph = sql.placeholder;

/** A published course's row, or undefined (drafts and unknown ids alike). */
export const publishedCourse = async (db: Db, id: string) =>
  (
    await preparedOnce(db, 'learning.published_course', (name) =>
      db.select(courseColumns).from(courses).where(and(eq(courses.id, ph('id')), eq(courses.status, 'published'))).limit(1).prepare(name),
    ).execute({ id })
  )[0];

export const findEnrolment = async (db: Db, userId: string, courseId: string) =>
  (
    await preparedOnce(db, 'learning.enrolment', (name) =>
      db.select().from(enrolments).where(and(eq(enrolments.userId, ph('userId')), eq(enrolments.courseId, ph('courseId')))).limit(1).prepare(name),
    ).execute({ userId, courseId })
  )[0];

/** Enrols the learner; undefined when already enrolled. */
export const insertEnrolment = async (db: Db, userId: string, courseId: string, now: Date) =>
  (await db.insert(enrolments).values({ userId, courseId, createdAt: now }).onConflictDoNothing().returning())[0];

/** A lesson with its course's status. */
export const findLesson = async (db: Db, id: string) =>
  (await db.select({ lesson: lessons, status: courses.status }).from(lessons).innerJoin(courses, eq(courses.id, lessons.courseId)).where(eq(lessons.id, id)).limit(1))[0];

/** Lessons of the courses in reading order: section by section, each section's lessons in order. */
export const lessonsInOrder = async (db: Db, courseIds: string[]) =>
  courseIds.length
    ? preparedOnce(db, 'learning.lessons_in_order', (name) =>
        db
          .select({ id: lessons.id, courseId: lessons.courseId, title: lessons.title, titleFr: lessons.titleFr, type: lessons.type })
          .from(lessons)
          .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
          .where(sql`${lessons.courseId} = any(${ph('courseIds')}::uuid[])`)
          .orderBy(asc(courseSections.position), asc(courseSections.createdAt), asc(lessons.position), asc(lessons.createdAt))
          .prepare(name),
      ).execute({ courseIds })
    : [];

/** The lessons that count (`lessonCounts`) for the learner in these courses, each in its enrolment's current cycle. */
export const countedLessons = async (db: Db, userId: string, courseIds: string[]) =>
  courseIds.length
    ? preparedOnce(db, 'learning.counted_lessons', (name) =>
        db
          .select({ lessonId: sql<string>`l.id`, courseId: sql<string>`l.course_id` })
          .from(sql`${lessons} l`)
          .innerJoin(enrolments, sql`${enrolments.courseId} = l.course_id and ${enrolments.userId} = ${ph('userId')}`)
          .where(sql`l.course_id = any(${ph('courseIds')}::uuid[]) and ${lessonCounts(sql`${ph('userId')}`, sql`${enrolments.cycle}`)}`)
          .prepare(name),
      ).execute({ userId, courseIds })
    : [];

/**
 * Everything the learner's progress in a published course is made of, in one statement (the player asks
 * for it on every visit): whether they are enrolled and in which cycle, where they are, the course's lessons in
 * reading order, those that count (`lessonCounts`), the seconds watched of its videos, their certificate of the
 * current cycle that is not revoked, and their newest certificate of the course (whether they may recertify).
 * Undefined for a draft or an unknown course.
 */
export const progressFacts = async (db: Db, userId: string, courseId: string) =>
  (
    await preparedOnce(db, 'learning.progress_facts', (name) =>
      db
        .select({
          enrolled: sql<boolean>`${enrolments.id} is not null`,
          cycle: enrolments.cycle,
          lastLessonId: enrolments.lastLessonId,
          completedAt: enrolments.completedAt,
          lessonIds: sql<string[]>`coalesce((
            select json_agg(l.id order by s.position, s.created_at, l.position, l.created_at)
            from ${lessons} l join ${courseSections} s on s.id = l.section_id
            where l.course_id = ${courses.id}
          ), '[]'::json)`,
          countedLessonIds: sql<string[]>`coalesce((
            select json_agg(l.id) from ${lessons} l
            where l.course_id = ${courses.id} and ${lessonCounts(sql`${ph('userId')}`, sql`${enrolments.cycle}`)}
          ), '[]'::json)`,
          watchedSeconds: sql<Record<string, number>>`coalesce((
            select json_object_agg(lp.lesson_id, lp.watched_seconds) from ${lessonProgress} lp join ${lessons} l on l.id = lp.lesson_id
            where lp.user_id = ${ph('userId')} and lp.course_id = ${courses.id} and l.type = 'video'
          ), '{}'::json)`,
          certificateCode: sql<string | null>`(
            select c.code from ${certificates} c
            where c.user_id = ${ph('userId')} and c.course_id = ${courses.id} and c.cycle = ${enrolments.cycle} and c.revoked_at is null limit 1
          )`,
          newestCertificate: sql<{ expiresAt: string | null; revoked: boolean } | null>`(
            select json_build_object('expiresAt', c.expires_at, 'revoked', c.revoked_at is not null) from ${certificates} c
            where c.user_id = ${ph('userId')} and c.course_id = ${courses.id}
            order by c.cycle desc, c.issued_at desc, c.created_at desc limit 1
          )`,
        })
        .from(courses)
        .leftJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.userId, ph('userId'))))
        .where(and(eq(courses.id, ph('courseId')), eq(courses.status, 'published')))
        .limit(1)
        .prepare(name),
    ).execute({ userId, courseId })
  )[0];

/** The learner's newest certificate of the course (the latest cycle's, its latest issue), or undefined. */
export const newestCertificate = async (db: Db, userId: string, courseId: string) =>
  (
    await db
      .select({ expiresAt: certificates.expiresAt, revokedAt: certificates.revokedAt })
      .from(certificates)
      .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)))
      .orderBy(desc(certificates.cycle), desc(certificates.issuedAt), desc(certificates.createdAt))
      .limit(1)
  )[0];

/**
 * Starts the enrolment's next cycle: not completed, the player back at the start, and the learner's lessons of the
 * course to mark again and quizzes to open afresh (their progress rows and open quiz sheets go; attempts stay, in
 * their cycle). Call it with the enrolment locked.
 */
export async function startCycle(db: Db, userId: string, courseId: string, cycle: number, now: Date) {
  await db
    .update(enrolments)
    .set({ cycle, cycleStartedAt: now, completedAt: null, lastLessonId: null, lastActivityAt: now })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  await db.delete(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.courseId, courseId)));
  await db.delete(quizSheets).where(and(eq(quizSheets.userId, userId), eq(quizSheets.courseId, courseId)));
}

/** The learner's progress row of a lesson in this cycle, or undefined when the lesson was never opened. */
export const findProgress = async (db: Db, userId: string, lessonId: string) =>
  (await db.select().from(lessonProgress).where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId))).limit(1))[0];

/** Writes the learner's progress row of a lesson (opened at its first write; `seenAt` and the watched seconds as decided). */
export const saveProgress = async (db: Db, values: { userId: string; lessonId: string; courseId: string; openedAt: Date; seenAt: Date | null; watchedSeconds: number }) =>
  db
    .insert(lessonProgress)
    .values(values)
    .onConflictDoUpdate({ target: [lessonProgress.userId, lessonProgress.lessonId], set: { seenAt: values.seenAt, watchedSeconds: values.watchedSeconds } });

/** Where the learner is: the lesson last opened (unless `lessonId` is null) and when. */
export const touchEnrolment = async (db: Db, userId: string, courseId: string, lessonId: string | null, now: Date) =>
  db.update(enrolments).set({ ...(lessonId ? { lastLessonId: lessonId } : {}), lastActivityAt: now }).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));

/** The learner's enrolments in published courses with their course and author, the latest activity first. */
export const enrolledCourses = async (db: Db, userId: string) =>
  db
    .select({ enrolment: enrolments, course: courseColumns, authorName: authors.name })
    .from(enrolments)
    .innerJoin(courses, eq(courses.id, enrolments.courseId))
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(and(eq(enrolments.userId, userId), eq(courses.status, 'published')))
    .orderBy(desc(sql`coalesce(${enrolments.lastActivityAt}, ${enrolments.createdAt})`), desc(enrolments.id));
