import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courses, documents, lessons } from '../../db/schema/academy.js';
import { like, paging, type Page } from './academy-query.js';

export type DocumentRow = typeof documents.$inferSelect;

// A usage count, spelled out: in a single-table select Drizzle leaves column names unqualified.
const lessonsOfDocument = sql<number>`(select count(*)::int from "lessons" l where l."document_id" = "documents"."id")`;

/** Documents, newest first; `q` searches names. */
export async function listDocuments(db: Db, p: Page) {
  const l = like(p);
  const query = db
    .select({ doc: documents, lessonCount: lessonsOfDocument })
    .from(documents)
    .where(l ? ilike(documents.name, l) : undefined)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findDocument = async (db: Db, id: string) =>
  (await db.select({ doc: documents, lessonCount: lessonsOfDocument }).from(documents).where(eq(documents.id, id)).limit(1))[0];

export const insertDocument = async (db: Db, values: typeof documents.$inferInsert) => (await db.insert(documents).values(values).returning())[0]!;

export const deleteDocument = async (db: Db, id: string) => (await db.delete(documents).where(eq(documents.id, id)).returning())[0];

/** Whether a published course has a lesson that opens this document (what learners may read). */
export const documentInPublishedCourse = async (db: Db, id: string) =>
  (
    await db
      .select({ n: count() })
      .from(lessons)
      .innerJoin(courses, eq(courses.id, lessons.courseId))
      .where(and(eq(lessons.documentId, id), eq(courses.status, 'published')))
  )[0]!.n > 0;
