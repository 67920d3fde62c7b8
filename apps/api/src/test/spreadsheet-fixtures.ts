import { eq } from 'drizzle-orm';
import { enrolments } from '../db/schema/academy.js';
import type { TestApp } from './harness.js';

export { CSV, XLS, XLSX, zip } from '@meltway/shared/academy/test/spreadsheets';

/** Enrols a learner straight in the database (the enrolment endpoint has its own tests). */
export async function enrol(t: TestApp, userId: string, courseId: string) {
  await t.db.insert(enrolments).values({ userId, courseId }).onConflictDoNothing();
  return (await t.db.select().from(enrolments).where(eq(enrolments.userId, userId))).find((e) => e.courseId === courseId)!;
}
