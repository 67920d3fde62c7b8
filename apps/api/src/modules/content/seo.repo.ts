import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { courses } from '../../db/schema/academy.js';
import { categories, products } from '../../db/schema/catalogue.js';
import { helpArticles } from '../../db/schema/content.js';

// What the sitemap lists: the address part of each public row and when it last changed, nothing more.

export const activeProductPages = (db: Db) =>
  db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).where(eq(products.active, true)).orderBy(asc(products.slug));

/** Categories with at least one active product; a category page changes when one of them does. */
export const categoryPages = (db: Db) =>
  db
    .select({ id: categories.id, updatedAt: sql`greatest(${categories.updatedAt}, ${max(products.updatedAt)})`.mapWith(categories.updatedAt) })
    .from(categories)
    .innerJoin(products, and(eq(products.categoryId, categories.id), eq(products.active, true)))
    .groupBy(categories.id)
    .orderBy(asc(categories.id));

export const helpArticlePages = (db: Db) =>
  db.select({ slug: helpArticles.slug, updatedAt: helpArticles.updatedAt }).from(helpArticles).orderBy(asc(helpArticles.slug));

export const publishedCoursePages = (db: Db) =>
  db.select({ id: courses.id, updatedAt: courses.updatedAt }).from(courses).where(eq(courses.status, 'published')).orderBy(asc(courses.id));
