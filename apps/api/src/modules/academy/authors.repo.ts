import { asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authors } from '../../db/schema/academy.js';
import { like, paging, type Page } from './academy-query.js';

export type AuthorRow = typeof authors.$inferSelect;

// A usage count, spelled out: in a single-table select Drizzle leaves column names unqualified.
const coursesOfAuthor = sql<number>`(select count(*)::int from "courses" c where c."author_id" = "authors"."id")`;

/** Authors by name; `q` searches names. */
export async function listAuthors(db: Db, p: Page) {
  const l = like(p);
  const query = db
    .select({ author: authors, courseCount: coursesOfAuthor })
    .from(authors)
    .where(l ? ilike(authors.name, l) : undefined)
    .orderBy(asc(authors.name), asc(authors.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findAuthor = async (db: Db, id: string) =>
  (await db.select({ author: authors, courseCount: coursesOfAuthor }).from(authors).where(eq(authors.id, id)).limit(1))[0];

export const insertAuthor = async (db: Db, values: typeof authors.$inferInsert) => (await db.insert(authors).values(values).returning())[0]!;

export const updateAuthor = async (db: Db, id: string, values: Partial<typeof authors.$inferInsert>) =>
  (await db.update(authors).set({ ...values, updatedAt: sql`now()` }).where(eq(authors.id, id)).returning())[0];

export const deleteAuthor = async (db: Db, id: string) => (await db.delete(authors).where(eq(authors.id, id)).returning())[0];
