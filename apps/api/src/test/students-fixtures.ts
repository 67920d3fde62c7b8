import { and, eq } from 'drizzle-orm';
import { enrolments, lessonProgress, quizAttempts } from '../db/schema/academy.js';
import type { TestApp } from './harness.js';

/**
 * A learner's progress written straight into the database, as the player's and the quizzes' routes
 * record it: enrolments, seen lessons and graded attempts.
 */
export async function enrol(t: TestApp, userId: string, courseId: string, at?: Date) {
  const [row] = await t.db.insert(enrolments).values({ userId, courseId, ...(at ? { createdAt: at } : {}) }).returning();
  return row!;
}

/** Marks lessons seen and makes the last of them the learner's last lesson and activity. */
export async function seeLessons(t: TestApp, userId: string, courseId: string, lessonIds: string[], at = new Date()) {
  if (lessonIds.length) await t.db.insert(lessonProgress).values(lessonIds.map((lessonId) => ({ userId, courseId, lessonId, seenAt: at })));
  await t.db
    .update(enrolments)
    .set({ lastLessonId: lessonIds.at(-1) ?? null, lastActivityAt: at })
    .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
}

/** Sets the lesson the learner is on, without marking anything seen. */
export async function openLesson(t: TestApp, userId: string, courseId: string, lessonId: string, at = new Date()) {
  await t.db.update(enrolments).set({ lastLessonId: lessonId, lastActivityAt: at }).where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId)));
}

/** Graded attempts at one quiz, numbered from 1, passed at `passMark` or more. */
export async function attempt(t: TestApp, userId: string, courseId: string, assignmentId: string, scores: number[], passMark = 80) {
  await t.db.insert(quizAttempts).values(
    scores.map((score, i) => ({ userId, courseId, assignmentId, attemptNumber: i + 1, answers: [0], results: [score >= passMark], score, passed: score >= passMark })),
  );
}
