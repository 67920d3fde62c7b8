import { eq } from 'drizzle-orm';
import { certifications, enrolments, lessonProgress, lessons, quizAttempts } from '../db/schema/academy.js';
import { completeIfDone, lockEnrolment } from '../modules/academy/completion.js';
import { makeAssignment, makeAuthor, makeCourse, makeDoc } from './academy-fixtures.js';
import type { TestApp } from './harness.js';

type Auth = { authorization: string };

/** A published course of a video, a PDF and a quiz lesson, awarding a certification (valid `validityMonths`, when given). */
export async function makeCertifiedCourse(t: TestApp, admin: Auth, o: { validityMonths?: number; skills?: string[]; passingScore?: number } = {}) {
  const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin), makeDoc(t, admin), makeAssignment(t, admin)]);
  const course = await makeCourse(t, admin, { author: author.id, doc: doc.id, assignment: assignment.id });
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/certifications', headers: admin, payload: { name: `Certified installer ${course.courseTitle.slice(-6)}`, description: 'Lays heated mats to code.', courseId: course.id, passingScore: o.passingScore ?? 80 } });
  if (res.statusCode !== 201) throw new Error(`certification: ${res.statusCode} ${res.body}`);
  const certification = res.json() as { id: string; name: string };
  await t.db.update(certifications).set({ validityMonths: o.validityMonths ?? null, skills: o.skills ?? ['Slab preparation', 'Ground-fault testing'], skillsFr: ['Préparation de la dalle', 'Essai de défaut à la terre'] }).where(eq(certifications.id, certification.id));
  return { course, certification, author, assignment };
}

/**
 * A learner who enrols, sees every lesson and passes every quiz of the course (`score`) in the enrolment's current
 * cycle, recorded as the progress and attempt routes record them, then `completeIfDone` in one transaction after
 * locking the enrolment. Answers what completeIfDone answered.
 */
export async function finishCourse(t: TestApp, userId: string, courseId: string, o: { now?: Date; score?: number } = {}) {
  const now = o.now ?? new Date();
  await t.db.insert(enrolments).values({ userId, courseId, createdAt: now }).onConflictDoNothing();
  const all = await t.db.select({ id: lessons.id, type: lessons.type, assignmentId: lessons.assignmentId }).from(lessons).where(eq(lessons.courseId, courseId));
  return t.db.transaction(async (tx) => {
    const cycle = (await lockEnrolment(tx, userId, courseId))!.cycle;
    for (const lesson of all) {
      await tx.insert(lessonProgress).values({ userId, lessonId: lesson.id, courseId, seenAt: now }).onConflictDoNothing();
      if (lesson.type === 'assignment' && lesson.assignmentId) {
        await tx.insert(quizAttempts).values({ userId, courseId, assignmentId: lesson.assignmentId, cycle, attemptNumber: 1, answers: [0, 1], results: [true, true], score: o.score ?? 100, passed: true, createdAt: now }).onConflictDoNothing();
      }
    }
    return completeIfDone(tx, userId, courseId, now);
  });
}

/** A learner holding the course's certificate: its public ID. */
export async function issueCertificate(t: TestApp, userId: string, courseId: string, o: { now?: Date; score?: number } = {}) {
  const done = await finishCourse(t, userId, courseId, o);
  if (!done.completed || !done.certificateCode) throw new Error(`no certificate issued: ${JSON.stringify(done)}`);
  return done.certificateCode;
}
