import type { CommentOut } from '@meltway/shared/academy/comment.schema';
import type { CourseProgressOut, EnrolledCourseOut, EnrolmentOut, LearnerCommentInput, LessonProgressInput } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { actor, type Ctx } from '../../lib/ctx.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { iso } from './academy-rules.js';
import * as commentsRepo from './comments.repo.js';
import { toCommentOut } from './comments.service.js';
import { completeIfDone, countsNow, durationSeconds, lockEnrolment } from './completion.js';
import * as repo from './learning.repo.js';

const percentOf = (seen: number, total: number) => (total === 0 ? 0 : Math.floor((seen * 100) / total));

/** A holder may re-open a course this long before its certificate expires (the first reminder's time). */
const RECERTIFY_DAYS = 90;

/**
 * Whether the learner may start a new cycle now: the current one is completed, and their newest certificate of the
 * course is not revoked and has expired or expires within 90 days (one that never expires never needs renewing).
 */
function mayRecertify(completedAt: Date | string | null, newest: { expiresAt: Date | string | null; revoked: boolean } | undefined | null, now: Date) {
  if (!completedAt || !newest || newest.revoked || newest.expiresAt === null) return false;
  return new Date(newest.expiresAt).getTime() - now.getTime() <= RECERTIFY_DAYS * 24 * 60 * 60 * 1000;
}

/** Enrols the caller in a published course: `created` tells a first enrolment from a repeated one. */
export async function enrol(ctx: Ctx, courseId: string): Promise<{ created: boolean; enrolment: EnrolmentOut }> {
  const me = actor(ctx);
  if (!(await repo.publishedCourse(ctx.db, courseId))) throw new NotFoundError(m.courseNotFound);
  const inserted = await repo.insertEnrolment(ctx.db, me.id, courseId, ctx.now);
  const row = inserted ?? (await repo.findEnrolment(ctx.db, me.id, courseId));
  if (!row) throw new NotFoundError(m.courseNotFound);
  if (inserted) ctx.log.info({ courseId, userId: me.id }, 'learner enrolled');
  return { created: !!inserted, enrolment: { courseId, enrolledAt: iso(row.createdAt) } };
}

/**
 * The learner's progress in a published course they are enrolled in, read in one statement within `db`
 * (a transaction or not); 404 for a draft or unknown course, and for a course they are not enrolled in.
 */
async function progressOf(db: Db, userId: string, courseId: string, now: Date): Promise<CourseProgressOut> {
  const facts = await repo.progressFacts(db, userId, courseId);
  if (!facts) throw new NotFoundError(m.courseNotFound);
  if (!facts.enrolled) throw new NotFoundError(m.notEnrolled);
  const counted = new Set(facts.countedLessonIds);
  const seenLessonIds = facts.lessonIds.filter((id) => counted.has(id));
  return {
    percent: percentOf(seenLessonIds.length, facts.lessonIds.length),
    seenLessonIds,
    lastLessonId: facts.lastLessonId,
    completedAt: facts.completedAt ? iso(facts.completedAt) : null,
    certificateId: facts.certificateCode,
    watchedSeconds: facts.watchedSeconds,
    cycle: facts.cycle ?? 1,
    recertifiable: mayRecertify(facts.completedAt, facts.newestCertificate, now),
  };
}

/** GET /courses/:id/progress: the caller's own progress; 404 for a draft or a course they are not enrolled in. */
export async function getProgress(ctx: Ctx, courseId: string) {
  return progressOf(ctx.db, actor(ctx).id, courseId, ctx.now);
}

/**
 * PUT /lessons/:id/progress: the lesson becomes the one the player resumes at (not a PDF lesson: the player opens
 * its document in a new tab and stays on the lesson it was on); its progress row is opened at the first call of the
 * cycle and keeps the highest watched seconds reported, at most the video's duration. The server decides whether the
 * lesson counts (`countsNow`: a PDF with `seen`, a video watched for 80% of its length at least that long after it was
 * opened; a quiz lesson only by a passed attempt); once it does it keeps counting. Finishing the course's last lesson
 * completes the enrolment (and issues its certificate) in the same transaction, with the enrolment locked.
 */
export async function recordProgress(ctx: Ctx, lessonId: string, input: z.output<typeof LessonProgressInput>) {
  const me = actor(ctx);
  const found = await repo.findLesson(ctx.db, lessonId);
  if (!found || found.status !== 'published') throw new NotFoundError(m.lessonNotFound);
  const { lesson } = found;
  const courseId = lesson.courseId;
  return ctx.db.transaction(async (tx) => {
    if (!(await lockEnrolment(tx, me.id, courseId))) throw new NotFoundError(m.notEnrolled);
    await repo.touchEnrolment(tx, me.id, courseId, lesson.type === 'pdf' ? null : lessonId, ctx.now);
    const before = await repo.findProgress(tx, me.id, lessonId);
    const openedAt = before?.openedAt ?? ctx.now;
    const reported = lesson.type === 'video' ? Math.min(input.watchedSeconds ?? 0, durationSeconds(lesson.duration)) : 0;
    const watchedSeconds = Math.max(before?.watchedSeconds ?? 0, reported);
    const seenAt = before?.seenAt ?? (countsNow(lesson, { seen: input.seen, watchedSeconds, openedAt }, ctx.now) ? ctx.now : null);
    await repo.saveProgress(tx, { userId: me.id, lessonId, courseId, openedAt, seenAt, watchedSeconds });
    if (seenAt && !before?.seenAt) {
      const done = await completeIfDone(tx, me.id, courseId, ctx.now);
      if (done.completed && done.certificateCode) ctx.log.info({ courseId, userId: me.id }, 'course completed');
    }
    return progressOf(tx, me.id, courseId, ctx.now);
  });
}

/**
 * POST /courses/:id/recertification: a holder whose certificate of the course has expired or expires within 90 days
 * (and who completed the current cycle) re-opens the course: the enrolment's next cycle, its lessons to count again
 * and its quizzes to pass again; passing issues a new certificate with new dates, and the old one expires then.
 * Under the locked enrolment, so two calls at once make one new cycle (the second finds it open: 409).
 * 404 when not enrolled; 409 `academy.recertificationNotOpen` otherwise.
 */
export async function recertify(ctx: Ctx, courseId: string): Promise<CourseProgressOut> {
  const me = actor(ctx);
  if (!(await repo.publishedCourse(ctx.db, courseId))) throw new NotFoundError(m.courseNotFound);
  return ctx.db.transaction(async (tx) => {
    const enrolment = await lockEnrolment(tx, me.id, courseId);
    if (!enrolment) throw new NotFoundError(m.notEnrolled);
    const newest = await repo.newestCertificate(tx, me.id, courseId);
    if (!mayRecertify(enrolment.completedAt, newest && { expiresAt: newest.expiresAt, revoked: newest.revokedAt !== null }, ctx.now)) {
      throw new ConflictError(m.recertificationNotOpen);
    }
    await repo.startCycle(tx, me.id, courseId, enrolment.cycle + 1, ctx.now);
    ctx.log.info({ courseId, userId: me.id, cycle: enrolment.cycle + 1 }, 'recertification started');
    return progressOf(tx, me.id, courseId, ctx.now);
  });
}

/** GET /me/courses: the caller's courses with their percent and the first lesson that does not count yet. */
export async function myCourses(ctx: Ctx): Promise<EnrolledCourseOut[]> {
  const me = actor(ctx);
  const rows = await repo.enrolledCourses(ctx.db, me.id);
  const ids = rows.map((r) => r.course.id);
  const [lessons, counted] = await Promise.all([repo.lessonsInOrder(ctx.db, ids), repo.countedLessons(ctx.db, me.id, ids)]);
  const countedIds = new Set(counted.map((s) => s.lessonId));
  return rows.map((r) => {
    const own = lessons.filter((l) => l.courseId === r.course.id);
    const next = own.find((l) => !countedIds.has(l.id));
    return {
      courseId: r.course.id,
      courseTitle: r.course.title,
      description: r.course.description,
      courseTitleFr: r.course.titleFr,
      descriptionFr: r.course.descriptionFr,
      coverImage: r.course.coverImage,
      authorName: r.authorName,
      percent: percentOf(own.filter((l) => countedIds.has(l.id)).length, own.length),
      enrolledAt: iso(r.enrolment.createdAt),
      lastActivityAt: r.enrolment.lastActivityAt ? iso(r.enrolment.lastActivityAt) : null,
      completedAt: r.enrolment.completedAt ? iso(r.enrolment.completedAt) : null,
      nextLesson: next ? { id: next.id, title: next.title, titleFr: next.titleFr, type: next.type } : null,
    };
  });
}

/** Checks that the caller is enrolled in the published course; 404 otherwise. */
async function enrolledIn(ctx: Ctx, courseId: string) {
  const me = actor(ctx);
  if (!(await repo.publishedCourse(ctx.db, courseId))) throw new NotFoundError(m.courseNotFound);
  if (!(await repo.findEnrolment(ctx.db, me.id, courseId))) throw new NotFoundError(m.notEnrolled);
  return me;
}

/** POST /courses/:id/comments: an enrolled learner's question on the course or one of its lessons; staff answer it in the dashboard. */
export async function askQuestion(ctx: Ctx, courseId: string, input: z.output<typeof LearnerCommentInput>): Promise<CommentOut> {
  const me = await enrolledIn(ctx, courseId);
  if (input.lessonId) {
    const lesson = await repo.findLesson(ctx.db, input.lessonId);
    if (!lesson || lesson.lesson.courseId !== courseId) throw new NotFoundError(m.lessonNotFound);
  }
  const row = await commentsRepo.insertComment(ctx.db, { courseId, lessonId: input.lessonId ?? null, userId: me.id, comment: input.comment, createdAt: ctx.now });
  return toCommentOut((await commentsRepo.listComments(ctx.db, { id: row.id }))[0]!);
}

/** GET /courses/:id/comments: the caller's own questions on the course (or one lesson of it), with staff's replies, newest first. */
export async function myQuestions(ctx: Ctx, courseId: string, lessonId: string | undefined): Promise<CommentOut[]> {
  const me = await enrolledIn(ctx, courseId);
  return (await commentsRepo.listComments(ctx.db, { courseId, userId: me.id, lessonId })).map(toCommentOut);
}
