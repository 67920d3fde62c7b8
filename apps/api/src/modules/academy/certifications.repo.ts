import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certifications, courses } from '../../db/schema/academy.js';
import { like, paging, type Page } from './academy-query.js';

export type CertificationRow = typeof certifications.$inferSelect;

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
