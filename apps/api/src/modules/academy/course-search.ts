import type { Language } from '@meltway/shared/common/language';
import { searchableText } from '@meltway/shared/common/search-text';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authors, courses, lessons } from '../../db/schema/academy.js';

/**
 * The catalogue search. Each course keeps `search_text`: its title, description, author's name and
 * lesson titles through `searchableText` (lower case, no accents); the database derives the GIN-indexed
 * `search_vector` from it. A query goes through the same function and each of its words matches as a
 * prefix, so "deneig" finds "Déneigement". French pages search `search_text_fr` (and its vector): the
 * same texts in French, each one's English where it has no French.
 */

/** Rewrites the search texts (English and French) of the given courses from their current title, description, author and lessons. */
export async function refreshSearchText(db: Db, courseIds: string[]) {
  if (!courseIds.length) return;
  const [rows, lessonRows] = await Promise.all([
    db
      .select({
        id: courses.id,
        title: courses.title,
        titleFr: courses.titleFr,
        description: courses.description,
        descriptionFr: courses.descriptionFr,
        author: authors.name,
        text: courses.searchText,
        textFr: courses.searchTextFr,
      })
      .from(courses)
      .innerJoin(authors, eq(authors.id, courses.authorId))
      .where(inArray(courses.id, courseIds)),
    db
      .select({ courseId: lessons.courseId, title: lessons.title, titleFr: lessons.titleFr })
      .from(lessons)
      .where(inArray(lessons.courseId, courseIds))
      .orderBy(asc(lessons.position)),
  ]);
  const titles = new Map<string, { en: string[]; fr: string[] }>();
  for (const l of lessonRows) {
    const t = titles.get(l.courseId) ?? { en: [], fr: [] };
    t.en.push(l.title);
    t.fr.push(l.titleFr ?? l.title);
    titles.set(l.courseId, t);
  }
  for (const r of rows) {
    const t = titles.get(r.id);
    const text = searchableText(r.title, r.description, r.author, ...(t?.en ?? []));
    const textFr = searchableText(r.titleFr ?? r.title, r.descriptionFr ?? r.description, r.author, ...(t?.fr ?? []));
    // Only when one changed: the write would otherwise move the academy's cache version for nothing.
    if (text !== r.text || textFr !== r.textFr) await db.update(courses).set({ searchText: text, searchTextFr: textFr }).where(eq(courses.id, r.id));
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

/**
 * The condition a search puts on courses in the reader's language, its `tsquery` a placeholder named
 * `tsquery` (statements are prepared).
 */
export const searchCondition = (lang: Language) =>
  sql`${lang === 'fr' ? courses.searchVectorFr : courses.searchVector} @@ to_tsquery('simple', ${sql.placeholder('tsquery')})`;
