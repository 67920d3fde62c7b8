import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ProductListQuery } from '@meltway/shared/catalogue/product.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { brands, categories, productImages, products, suppliers } from '../../db/schema/catalogue.js';
import { escapeLike } from './catalogue.repo.js';

type Query = z.output<typeof ProductListQuery>;

/** A product as every read answers it: without its search texts, which only the search condition reads. */
const { searchText: _searchText, searchTextFr: _searchTextFr, ...productColumns } = getTableColumns(products);
export type NewProduct = typeof products.$inferInsert;
export type ImageRow = typeof productImages.$inferSelect;

/**
 * What each sort orders by. A name sorts as the reader's language writes it (the French name where there is one,
 * the English one otherwise), accents and case aside, so "Élément" comes with the e's and not after "Z".
 */
const SORT_COLUMNS = {
  name: (lang) => sql`search_fold(${lang === 'fr' ? sql`coalesce(${products.nameFr}, ${products.name})` : products.name})`,
  price: () => products.priceCents,
  created_at: () => products.createdAt,
  stock: () => products.stock,
} as const satisfies Record<Query['sort'], (lang: Query['lang']) => unknown>;

function productWhere(q: Query) {
  const conds: SQL[] = [];
  if (q.status === 'active') conds.push(eq(products.active, true));
  if (q.status === 'inactive') conds.push(eq(products.active, false));
  if (q.categoryId) conds.push(eq(products.categoryId, q.categoryId));
  if (q.brandId) conds.push(eq(products.brandId, q.brandId));
  if (q.kind) conds.push(eq(products.kind, q.kind));
  if (q.minPrice !== undefined) conds.push(gte(products.priceCents, q.minPrice));
  if (q.maxPrice !== undefined) conds.push(lte(products.priceCents, q.maxPrice));
  if (q.q) conds.push(...searchConditions(q.q, q.lang));
  return and(...conds);
}

/**
 * Each word of a search, folded like the stored text (lower case, no accents), must appear in the name or
 * SKU of the reader's language: the French name where there is one, else the English one.
 */
function searchConditions(q: string, lang: Query['lang']): SQL[] {
  const column = lang === 'fr' ? products.searchTextFr : products.searchText;
  const words = q.split(/\s+/).filter(Boolean).slice(0, 10);
  return words.map((w) => sql`${column} like '%' || search_fold(${escapeLike(w)}) || '%'`);
}

const withRefs = (db: Db) =>
  db
    .select({ product: productColumns, categoryName: categories.name, categoryNameFr: categories.nameFr, brandName: brands.name, supplierName: suppliers.name })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(suppliers, eq(suppliers.id, products.supplierId));

export type ProductWithRefs = Awaited<ReturnType<ReturnType<typeof withRefs>['execute']>>[number];

/** One page of products with the names of their category, brand and supplier. */
export async function pageProducts(db: Db, q: Query) {
  const dir = q.order === 'asc' ? asc : desc;
  return withRefs(db)
    .where(productWhere(q))
    .orderBy(dir(SORT_COLUMNS[q.sort](q.lang)), dir(products.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export const countProducts = async (db: Db, q: Query) => (await db.select({ n: count() }).from(products).where(productWhere(q)))[0]?.n ?? 0;

export const findProductById = async (db: Db, id: string) => (await withRefs(db).where(eq(products.id, id)).limit(1))[0];

export const findProductBySlug = async (db: Db, slug: string) => (await withRefs(db).where(eq(products.slug, slug)).limit(1))[0];

export const findProductRowBySlug = async (db: Db, slug: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1))[0];

export const findProductRowBySku = async (db: Db, sku: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.sku, sku)).limit(1))[0];

/** What pricing a cart or an order reads of products, by a statement prepared once: every cart and placement runs it. */
export const productsByIds = async (db: Db, ids: string[]) =>
  ids.length
    ? preparedOnce(db, 'products.pricing', (name) =>
        db
          .select({ id: products.id, name: products.name, nameFr: products.nameFr, slug: products.slug, sku: products.sku, priceCents: products.priceCents, stock: products.stock, active: products.active, categoryId: products.categoryId })
          .from(products)
          .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
          .prepare(name),
      ).execute({ ids })
    : [];

export const insertProduct = async (db: Db, values: NewProduct) => (await db.insert(products).values(values).returning(productColumns))[0]!;

export const updateProduct = async (db: Db, id: string, values: Partial<NewProduct>) =>
  (await db.update(products).set({ ...values, updatedAt: sql`now()` }).where(eq(products.id, id)).returning(productColumns))[0];

export const deleteProduct = async (db: Db, id: string) => (await db.delete(products).where(eq(products.id, id)).returning({ id: products.id }))[0];

/** Locks a product's row until the transaction ends (serialises changes to its images). */
export const lockProduct = async (db: Db, id: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update').limit(1))[0];

// Images

/** Images of several products, each product's in display order. */
export const imagesOf = async (db: Db, productIds: string[]) =>
  productIds.length
    ? db.select().from(productImages).where(inArray(productImages.productId, productIds)).orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt))
    : [];

/** The first image of each product, for cart lines. */
export const firstImages = async (db: Db, productIds: string[]) => {
  const rows = productIds.length
    ? await db
        .selectDistinctOn([productImages.productId], { productId: productImages.productId, path: productImages.path })
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
        .orderBy(productImages.productId, asc(productImages.position), asc(productImages.createdAt))
    : [];
  return new Map(rows.map((r) => [r.productId, r.path]));
};

export const insertImages = async (db: Db, rows: (typeof productImages.$inferInsert)[]) => await db.insert(productImages).values(rows).returning();

export const deleteImage = async (db: Db, productId: string, imageId: string) =>
  (await db.delete(productImages).where(and(eq(productImages.id, imageId), eq(productImages.productId, productId))).returning())[0];

export const setImagePosition = async (db: Db, imageId: string, position: number) =>
  await db.update(productImages).set({ position }).where(eq(productImages.id, imageId));

/** Marks the product changed, so its updated_at (and every cache keyed on writes) moves. */
export const touchProduct = async (db: Db, id: string) => await db.update(products).set({ updatedAt: sql`now()` }).where(eq(products.id, id));

/** Every active product with the technical figures the layout generator designs with, in a stable order. */
export const activeDesignProducts = (db: Db) =>
  db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      nameFr: products.nameFr,
      kind: products.kind,
      priceCents: products.priceCents,
      stock: products.stock,
      voltage: products.voltage,
      voltages: products.ratedVoltages,
      minInsulationMOhm: products.minInsulationMOhm,
      watts: products.watts,
      lengthM: products.lengthM,
      widthM: products.widthM,
      heatedAreaM2: products.heatedAreaM2,
      currentA: products.currentA,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.kind), asc(products.sku));
