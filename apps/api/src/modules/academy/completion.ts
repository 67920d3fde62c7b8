import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certificates, certifications, enrolments, lessons, quizAttempts } from '../../db/schema/academy.js';

/**
 * When a learner has finished a course: every lesson of it counts in the enrolment's current cycle (see
 * `lessonCounts`), and every quiz of it is passed in that cycle. Progress and quiz attempts both call
 * `completeIfDone` in the transaction that recorded them, after locking the learner's enrolment row
 * (`lockEnrolment`), so two requests finishing the same course at once issue one certificate.
 */

/**
 * The one rule of what counts, as SQL over a lesson row aliased `l` (`lessons l`), for the learner `userId` in
 * the enrolment cycle `cycle`: a quiz lesson when the learner has a passed attempt at its assignment in that
 * course and cycle (read from quiz_attempts: a quiz lesson's lesson_progress row never counts); any other lesson
 * when its lesson_progress row has `seen_at`, which the server sets for a PDF once opened and for a video once
 * most of it was watched, that long after it was opened (`countsNow`). The percent, the seen lessons, the next
 * lesson, the staff's Students figures and completeIfDone all read this.
 */
export const lessonCounts = (userId: SQL | string, cycle: SQL | number): SQL<boolean> => sql<boolean>`(case when l.type = 'assignment'
  then exists (
    select 1 from quiz_attempts qa
    where qa.user_id = ${userId} and qa.course_id = l.course_id and qa.assignment_id = l.assignment_id and qa.cycle = ${cycle} and qa.passed
  )
  else exists (select 1 from lesson_progress lp where lp.user_id = ${userId} and lp.lesson_id = l.id and lp.seen_at is not null)
end)`;

/** Share of a video a learner must have watched, and of its length that must have passed since it was opened. */
const VIDEO_SHARE = 0.8;

/** A lesson's `m:ss` duration in seconds; 0 when it has none. */
export function durationSeconds(duration: string | null): number {
  const match = duration ? /^(\d+):(\d{2})$/.exec(duration) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/**
 * Whether a lesson counts now, from what the learner reported: a PDF once opened with `seen`; a video once the
 * watched seconds reach 80% of its duration and at least that long has passed since it was opened (`seen` alone
 * never counts a video); a quiz lesson never here (only a passed attempt counts it, read by `lessonCounts`).
 */
export function countsNow(
  lesson: { type: 'video' | 'pdf' | 'assignment'; duration: string | null },
  p: { seen: boolean; watchedSeconds: number; openedAt: Date },
  now: Date,
): boolean {
  if (lesson.type === 'pdf') return p.seen;
  if (lesson.type !== 'video') return false;
  const need = VIDEO_SHARE * durationSeconds(lesson.duration);
  return p.watchedSeconds >= need && (now.getTime() - p.openedAt.getTime()) / 1000 >= need;
}

/** The public certificate ID: 20 characters of Crockford base32 (100 bits), grouped for reading. */
export function newCertificateCode(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(20);
  let out = '';
  for (let i = 0; i < 20; i++) out += alphabet[bytes[i]! & 31];
  return `${out.slice(0, 5)}-${out.slice(5, 10)}-${out.slice(10, 15)}-${out.slice(15)}`;
}

/** The learner's enrolment in the course, locked until the transaction ends; undefined when not enrolled. */
export const lockEnrolment = async (tx: Db, userId: string, courseId: string) =>
  (await tx.select().from(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId))).for('update').limit(1))[0];

/** Adds `months` calendar months (the 31st of a shorter month becomes its last day). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

type Done = { completed: false } | { completed: true; certificateCode: string | null };

/**
 * Marks the enrolment completed and issues the course's certification when every lesson of the course counts in
 * the enrolment's current cycle and every quiz of it is passed in that cycle (the certificate's score is the average
 * of the best attempt per quiz in the cycle, 100 when the course has no quiz). The certificate carries the cycle and
 * its own dates (valid `validityMonths` from now); an earlier cycle's certificate still unexpired then expires now,
 * staying in the history. Issues nothing when the course awards no certification, or when the current cycle already
 * has a certificate, revoked ones included: after a revocation only staff reissue. Call it with the enrolment locked.
 */
export async function completeIfDone(tx: Db, userId: string, courseId: string, now: Date): Promise<Done> {
  const [enrolment] = await tx.select({ cycle: enrolments.cycle }).from(enrolments).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId))).limit(1);
  if (!enrolment) return { completed: false };
  const cycle = enrolment.cycle;
  const [counts] = await tx
    .select({ lessons: sql<number>`count(*)::int`, counted: sql<number>`count(*) filter (where ${lessonCounts(userId, cycle)})::int` })
    .from(sql`${lessons} l`)
    .where(sql`l.course_id = ${courseId}`);
  if (!counts || counts.lessons === 0 || counts.counted < counts.lessons) return { completed: false };

  const certification = (await tx.select().from(certifications).where(eq(certifications.courseId, courseId)).limit(1))[0];
  // Best score per quiz of the course in this cycle, and whether it was passed (a quiz used by two lessons counts once).
  const quizzes = await tx
    .select({ assignmentId: lessons.assignmentId, best: sql<number | null>`max(${quizAttempts.score})`, passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)` })
    .from(lessons)
    .leftJoin(
      quizAttempts,
      and(eq(quizAttempts.assignmentId, lessons.assignmentId), eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId), eq(quizAttempts.cycle, cycle)),
    )
    .where(and(eq(lessons.courseId, courseId), eq(lessons.type, 'assignment')))
    .groupBy(lessons.assignmentId);
  if (quizzes.some((q) => !q.passed)) return { completed: false };

  await tx
    .update(enrolments)
    .set({ completedAt: sql`coalesce(${enrolments.completedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  if (!certification) return { completed: true, certificateCode: null };

  const held = (await tx.select({ code: certificates.code, revokedAt: certificates.revokedAt }).from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), eq(certificates.cycle, cycle))))
    .sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null))[0];
  if (held) return { completed: true, certificateCode: held.revokedAt ? null : held.code };

  const score = quizzes.length === 0 ? 100 : Math.round(quizzes.reduce((sum, q) => sum + Number(q.best), 0) / quizzes.length);
  const code = newCertificateCode();
  // The earlier cycles' certificates still running end as this one begins: they stay in the history, expired.
  await tx
    .update(certificates)
    .set({ expiresAt: now })
    .where(
      and(
        eq(certificates.userId, userId),
        eq(certificates.courseId, courseId),
        lt(certificates.cycle, cycle),
        isNull(certificates.revokedAt),
        or(isNull(certificates.expiresAt), gt(certificates.expiresAt, now)),
      ),
    );
  await tx.insert(certificates).values({
    code,
    userId,
    courseId,
    certificationId: certification.id,
    score,
    cycle,
    issuedAt: now,
    expiresAt: certification.validityMonths ? addMonths(now, certification.validityMonths) : null,
  });
  return { completed: true, certificateCode: code };
}
