import { searchableText } from '@meltway/shared/academy/learning.schema';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authors, courses, lessons } from '../../db/schema/academy.js';

/**
 * The catalogue search. Each course keeps `search_text`: its title, description, author's name and
 * lesson titles through `searchableText` (lower case, no accents); the database derives the GIN-indexed
 * `search_vector` from it. A query goes through the same function and each of its words matches as a
 * prefix, so "deneig" finds "Déneigement".
 */

/** Rewrites the search text of the given courses from their current title, description, author and lessons. */
export async function refreshSearchText(db: Db, courseIds: string[]) {
  if (!courseIds.length) return;
  const [rows, lessonRows] = await Promise.all([
    db
      .select({ id: courses.id, title: courses.title, description: courses.description, author: authors.name, text: courses.searchText })
      .from(courses)
      .innerJoin(authors, eq(authors.id, courses.authorId))
      .where(inArray(courses.id, courseIds)),
    db.select({ courseId: lessons.courseId, title: lessons.title }).from(lessons).where(inArray(lessons.courseId, courseIds)).orderBy(asc(lessons.position)),
  ]);
  const titles = new Map<string, string[]>();
  for (const l of lessonRows) titles.set(l.courseId, [...(titles.get(l.courseId) ?? []), l.title]);
  for (const r of rows) {
    const text = searchableText(r.title, r.description, r.author, ...(titles.get(r.id) ?? []));
    // Only when it changed: the write would otherwise move the academy's cache version for nothing.
    if (text !== r.text) await db.update(courses).set({ searchText: text }).where(eq(courses.id, r.id));
  }
}

/** Rewrites the search text of every course of an author (after a rename). */
export async function refreshAuthorCourses(db: Db, authorId: string) {
  const ids = (await db.select({ id: courses.id }).from(courses).where(eq(courses.authorId, authorId))).map((r) => r.id);
  await refreshSearchText(db, ids);
}

/** Fills the search text of courses that have none yet (rows written before it existed, or by a bulk load), in batches. */
export async function backfillSearchText(db: Db, batch = 500) {
  for (;;) {
    const ids = (await db.select({ id: courses.id }).from(courses).where(eq(courses.searchText, '')).limit(batch)).map((r) => r.id);
    if (!ids.length) return;
    await refreshSearchText(db, ids);
    // A course whose every field reduces to nothing would stay empty: stop rather than loop.
    const left = await db.select({ id: courses.id }).from(courses).where(sql`${courses.searchText} = '' and ${inArray(courses.id, ids)}`).limit(1);
    if (left.length) return;
  }
}

/** A search query as a `tsquery` of prefixes ("deneig:* & allee:*"), or undefined when it has no word. */
export function searchQuery(q: string | undefined): string | undefined {
  const words = searchableText(q).split(' ').filter(Boolean).slice(0, 10);
  // Words are letters and digits only (searchableText), so they are safe inside a tsquery.
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** The condition a search puts on courses, its `tsquery` a placeholder named `tsquery` (statements are prepared). */
export const searchCondition = () => sql`${courses.searchVector} @@ to_tsquery('simple', ${sql.placeholder('tsquery')})`;
