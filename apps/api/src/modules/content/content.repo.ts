import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '@meltway/shared/common/language';
import type { Db } from '../../db/client.js';
import { contactMessages, faqs, helpArticleSlugs, helpArticles } from '../../db/schema/content.js';

export type HelpArticleRow = typeof helpArticles.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
type Page = { page?: number; pageSize?: number; q?: string; lang?: Language };

/**
 * Each word of a search must appear in the title or the text of the reader's language (the French one, else
 * the English one), both folded like the words: lower case, without accents (`search_fold`, migration 0015).
 */
function searchWhere(p: Page, title: { en: AnyColumn; fr: AnyColumn }, body: { en: AnyColumn; fr: AnyColumn }): SQL | undefined {
  const words = p.q?.split(/\s+/).filter(Boolean).slice(0, 10) ?? [];
  if (!words.length) return undefined;
  const text = p.lang === 'fr' ? sql`coalesce(${title.fr}, ${title.en}) || ' ' || coalesce(${body.fr}, ${body.en})` : sql`${title.en} || ' ' || ${body.en}`;
  return and(...words.map((w) => sql`search_fold(${text}) like '%' || search_fold(${escapeLike(w)}) || '%'`));
}

const paging = (p: Page) => (p.pageSize ? { limit: p.pageSize, offset: ((p.page ?? 1) - 1) * p.pageSize } : p.page ? { limit: 10, offset: (p.page - 1) * 10 } : undefined);

// Help articles

/** Articles, newest first; `q` searches title and text in `lang`, accents and case aside. */
export async function listHelpArticles(db: Db, p: Page) {
  const query = db
    .select()
    .from(helpArticles)
    .where(searchWhere(p, { en: helpArticles.name, fr: helpArticles.nameFr }, { en: helpArticles.description, fr: helpArticles.descriptionFr }))
    .orderBy(desc(helpArticles.createdAt), desc(helpArticles.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findHelpArticle = async (db: Db, by: { id: string } | { slug: string }) =>
  (await db.select().from(helpArticles).where('id' in by ? eq(helpArticles.id, by.id) : eq(helpArticles.slug, by.slug)).limit(1))[0];

/** The present slug of the article a former slug belonged to, if one did. */
export const formerHelpSlug = async (db: Db, slug: string) =>
  (
    await db
      .select({ slug: helpArticles.slug })
      .from(helpArticleSlugs)
      .innerJoin(helpArticles, eq(helpArticles.id, helpArticleSlugs.articleId))
      .where(eq(helpArticleSlugs.slug, slug))
      .limit(1)
  )[0]?.slug;

/** Whether a slug is in use, as an article's present slug or as a former one (which keeps redirecting). */
export async function helpSlugTaken(db: Db, slug: string) {
  const [present] = await db.select({ id: helpArticles.id }).from(helpArticles).where(eq(helpArticles.slug, slug)).limit(1);
  if (present) return true;
  return (await db.select({ slug: helpArticleSlugs.slug }).from(helpArticleSlugs).where(eq(helpArticleSlugs.slug, slug)).limit(1)).length > 0;
}

export const insertHelpArticle = async (db: Db, values: typeof helpArticles.$inferInsert) => (await db.insert(helpArticles).values(values).returning())[0]!;

export const updateHelpArticle = async (db: Db, id: string, values: Partial<typeof helpArticles.$inferInsert>) =>
  (await db.update(helpArticles).set({ ...values, updatedAt: sql`now()` }).where(eq(helpArticles.id, id)).returning())[0];

export const deleteHelpArticle = async (db: Db, id: string) => (await db.delete(helpArticles).where(eq(helpArticles.id, id)).returning())[0];

// FAQs

/** FAQs, oldest first (the order staff wrote them); `q` searches question and answer in `lang`, accents and case aside. */
export async function listFaqs(db: Db, p: Page) {
  const query = db
    .select()
    .from(faqs)
    .where(searchWhere(p, { en: faqs.name, fr: faqs.nameFr }, { en: faqs.description, fr: faqs.descriptionFr }))
    .orderBy(faqs.createdAt, faqs.id)
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const insertFaq = async (db: Db, values: typeof faqs.$inferInsert) => (await db.insert(faqs).values(values).returning())[0]!;

export const updateFaq = async (db: Db, id: string, values: Partial<typeof faqs.$inferInsert>) =>
  (await db.update(faqs).set({ ...values, updatedAt: sql`now()` }).where(eq(faqs.id, id)).returning())[0];

export const deleteFaq = async (db: Db, id: string) => (await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id }))[0];

// Contact messages

export const insertContactMessage = async (db: Db, values: typeof contactMessages.$inferInsert) => (await db.insert(contactMessages).values(values).returning())[0]!;
