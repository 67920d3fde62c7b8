import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactMessages, faqs, helpArticles } from '../../db/schema/content.js';

export type HelpArticleRow = typeof helpArticles.$inferSelect;
export type FaqRow = typeof faqs.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
type Page = { page?: number; pageSize?: number; q?: string };

const paging = (p: Page) => (p.pageSize ? { limit: p.pageSize, offset: ((p.page ?? 1) - 1) * p.pageSize } : p.page ? { limit: 10, offset: (p.page - 1) * 10 } : undefined);

// Help articles

/** Articles, newest first; `q` searches title and text, case-insensitively. */
export async function listHelpArticles(db: Db, p: Page) {
  const like = p.q ? `%${escapeLike(p.q)}%` : undefined;
  const query = db
    .select()
    .from(helpArticles)
    .where(like ? or(ilike(helpArticles.name, like), ilike(helpArticles.description, like)) : undefined)
    .orderBy(desc(helpArticles.createdAt), desc(helpArticles.id))
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findHelpArticle = async (db: Db, by: { id: string } | { slug: string }) =>
  (await db.select().from(helpArticles).where('id' in by ? eq(helpArticles.id, by.id) : eq(helpArticles.slug, by.slug)).limit(1))[0];

export const insertHelpArticle = async (db: Db, values: typeof helpArticles.$inferInsert) => (await db.insert(helpArticles).values(values).returning())[0]!;

export const updateHelpArticle = async (db: Db, id: string, values: Partial<typeof helpArticles.$inferInsert>) =>
  (await db.update(helpArticles).set({ ...values, updatedAt: sql`now()` }).where(eq(helpArticles.id, id)).returning())[0];

export const deleteHelpArticle = async (db: Db, id: string) => (await db.delete(helpArticles).where(eq(helpArticles.id, id)).returning())[0];

// FAQs

/** FAQs, oldest first (the order staff wrote them); `q` searches question and answer. */
export async function listFaqs(db: Db, p: Page) {
  const like = p.q ? `%${escapeLike(p.q)}%` : undefined;
  const query = db
    .select()
    .from(faqs)
    .where(like ? or(ilike(faqs.name, like), ilike(faqs.description, like)) : undefined)
    .orderBy(faqs.createdAt, faqs.id)
    .$dynamic();
  const page = paging(p);
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export const findFaqByQuestion = async (db: Db, name: string) => (await db.select().from(faqs).where(eq(faqs.name, name)).limit(1))[0];

export const insertFaq = async (db: Db, values: typeof faqs.$inferInsert) => (await db.insert(faqs).values(values).returning())[0]!;

export const updateFaq = async (db: Db, id: string, values: Partial<typeof faqs.$inferInsert>) =>
  (await db.update(faqs).set({ ...values, updatedAt: sql`now()` }).where(eq(faqs.id, id)).returning())[0];

export const deleteFaq = async (db: Db, id: string) => (await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id }))[0];

// Contact messages

export const insertContactMessage = async (db: Db, values: typeof contactMessages.$inferInsert) => (await db.insert(contactMessages).values(values).returning())[0]!;
