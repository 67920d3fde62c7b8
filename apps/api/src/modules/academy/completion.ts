import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certificates, certifications, enrolments, lessonProgress, lessons, quizAttempts } from '../../db/schema/academy.js';

/**
 * When a learner has finished a course: every lesson of it seen, and every quiz of it passed.
 * Progress and quiz attempts both call `completeIfDone` in the transaction that recorded them,
 * after locking the learner's enrolment row (`lockEnrolment`), so two requests finishing the
 * same course at once issue one certificate.
 */

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
 * Marks the enrolment completed and issues the course's certification when the learner has seen every
 * lesson and passed every quiz (best attempt per quiz at or above the passing score; the certificate's
 * score is the average of those best attempts, 100 when the course has no quiz). Issues nothing when the
 * course awards no certification, or when the learner already holds one for it, revoked ones included:
 * after a revocation only staff reissue. Call it with the enrolment locked.
 */
export async function completeIfDone(tx: Db, userId: string, courseId: string, now: Date): Promise<Done> {
  const [counts] = await tx
    .select({
      lessons: sql<number>`count(*)::int`,
      seen: sql<number>`count(${lessonProgress.lessonId})::int`,
    })
    .from(lessons)
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(eq(lessons.courseId, courseId));
  if (!counts || counts.lessons === 0 || counts.seen < counts.lessons) return { completed: false };

  const certification = (await tx.select().from(certifications).where(eq(certifications.courseId, courseId)).limit(1))[0];
  const passingScore = certification?.passingScore ?? 0;
  // Best score per quiz of the course (a quiz used by two lessons counts once).
  const quizzes = await tx
    .select({ assignmentId: lessons.assignmentId, best: sql<number | null>`max(${quizAttempts.score})` })
    .from(lessons)
    .leftJoin(
      quizAttempts,
      and(eq(quizAttempts.assignmentId, lessons.assignmentId), eq(quizAttempts.userId, userId), eq(quizAttempts.courseId, courseId)),
    )
    .where(and(eq(lessons.courseId, courseId), eq(lessons.type, 'assignment')))
    .groupBy(lessons.assignmentId);
  if (quizzes.some((q) => q.best === null || Number(q.best) < passingScore)) return { completed: false };

  await tx
    .update(enrolments)
    .set({ completedAt: sql`coalesce(${enrolments.completedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
  if (!certification) return { completed: true, certificateCode: null };

  const held = (await tx.select({ code: certificates.code, revokedAt: certificates.revokedAt }).from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId))))
    .sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null))[0];
  if (held) return { completed: true, certificateCode: held.revokedAt ? null : held.code };

  const score = quizzes.length === 0 ? 100 : Math.round(quizzes.reduce((sum, q) => sum + Number(q.best), 0) / quizzes.length);
  const code = newCertificateCode();
  await tx.insert(certificates).values({
    code,
    userId,
    courseId,
    certificationId: certification.id,
    score,
    issuedAt: now,
    expiresAt: certification.validityMonths ? addMonths(now, certification.validityMonths) : null,
  });
  return { completed: true, certificateCode: code };
}
