import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { TaxonomyListQuery } from '@meltway/shared/catalogue/brand.schema';
import type { CategoryListQuery } from '@meltway/shared/catalogue/category.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { brands, categories, products, suppliers } from '../../db/schema/catalogue.js';

export type CategoryRow = typeof categories.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type CategoryQuery = z.output<typeof CategoryListQuery>;
type TaxonomyQuery = z.output<typeof TaxonomyListQuery>;

// Categories

// Spelled out: in a single-table select Drizzle leaves column names unqualified, which would bind both to products.
const activeProducts = sql<number>`(select count(*)::int from "products" p where p."category_id" = "categories"."id" and p."active")`;

const categoryWhere = (q: CategoryQuery) => {
  const conds: SQL[] = [];
  if (q.q) conds.push(ilike(categories.name, `%${escapeLike(q.q)}%`));
  if (q.parentId) conds.push(eq(categories.parentId, q.parentId));
  return and(...conds);
};

export async function pageCategories(db: Db, q: CategoryQuery) {
  const dir = q.order === 'asc' ? asc : desc;
  const column = q.sort === 'name' ? categories.name : categories.createdAt;
  return db
    .select({ category: categories, productCount: activeProducts })
    .from(categories)
    .where(categoryWhere(q))
    .orderBy(dir(column), dir(categories.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export const countCategories = async (db: Db, q: CategoryQuery) =>
  (await db.select({ n: count() }).from(categories).where(categoryWhere(q)))[0]?.n ?? 0;

export const findCategory = async (db: Db, id: string) =>
  (await db.select({ category: categories, productCount: activeProducts }).from(categories).where(eq(categories.id, id)).limit(1))[0];

export const insertCategory = async (db: Db, values: typeof categories.$inferInsert) => (await db.insert(categories).values(values).returning())[0]!;

export const updateCategory = async (db: Db, id: string, values: Partial<typeof categories.$inferInsert>) =>
  (await db.update(categories).set({ ...values, updatedAt: sql`now()` }).where(eq(categories.id, id)).returning())[0];

export const deleteCategory = async (db: Db, id: string) => (await db.delete(categories).where(eq(categories.id, id)).returning())[0];

/** The ids of a category's ancestors, nearest first (to refuse a cycle). */
export async function categoryAncestors(db: Db, id: string): Promise<string[]> {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${categories} where id = ${id}
      union all
      select c.id, c.parent_id, up.depth + 1 from ${categories} c join up on c.id = up.parent_id where up.depth < 100
    )
    select id from up where depth > 0 order by depth`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

export const countChildCategories = async (db: Db, id: string) =>
  (await db.select({ n: count() }).from(categories).where(eq(categories.parentId, id)))[0]?.n ?? 0;

/** Products (active or not) that use a category, brand or supplier. */
export async function countProductsUsing(db: Db, ref: { categoryId?: string; brandId?: string; supplierId?: string }) {
  const where = ref.categoryId ? eq(products.categoryId, ref.categoryId) : ref.brandId ? eq(products.brandId, ref.brandId) : eq(products.supplierId, ref.supplierId!);
  return (await db.select({ n: count() }).from(products).where(where))[0]?.n ?? 0;
}

// Brands

const brandWhere = (q: TaxonomyQuery) => (q.q ? ilike(brands.name, `%${escapeLike(q.q)}%`) : undefined);

export async function pageBrands(db: Db, q: TaxonomyQuery) {
  const dir = q.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(brands)
    .where(brandWhere(q))
    .orderBy(dir(q.sort === 'name' ? brands.name : brands.createdAt), dir(brands.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export const countBrands = async (db: Db, q: TaxonomyQuery) => (await db.select({ n: count() }).from(brands).where(brandWhere(q)))[0]?.n ?? 0;

export const findBrand = async (db: Db, id: string) => (await db.select().from(brands).where(eq(brands.id, id)).limit(1))[0];

export const insertBrand = async (db: Db, values: typeof brands.$inferInsert) => (await db.insert(brands).values(values).returning())[0]!;

export const updateBrand = async (db: Db, id: string, values: Partial<typeof brands.$inferInsert>) =>
  (await db.update(brands).set({ ...values, updatedAt: sql`now()` }).where(eq(brands.id, id)).returning())[0];

export const deleteBrand = async (db: Db, id: string) => (await db.delete(brands).where(eq(brands.id, id)).returning())[0];

// Suppliers

const supplierWhere = (q: TaxonomyQuery) => {
  if (!q.q) return undefined;
  const like = `%${escapeLike(q.q)}%`;
  return sql`(${ilike(suppliers.name, like)} or ${ilike(suppliers.contact, like)} or ${ilike(suppliers.email, like)})`;
};

export async function pageSuppliers(db: Db, q: TaxonomyQuery) {
  const dir = q.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(suppliers)
    .where(supplierWhere(q))
    .orderBy(dir(q.sort === 'name' ? suppliers.name : suppliers.createdAt), dir(suppliers.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

export const countSuppliers = async (db: Db, q: TaxonomyQuery) =>
  (await db.select({ n: count() }).from(suppliers).where(supplierWhere(q)))[0]?.n ?? 0;

export const findSupplier = async (db: Db, id: string) => (await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1))[0];

export const insertSupplier = async (db: Db, values: typeof suppliers.$inferInsert) => (await db.insert(suppliers).values(values).returning())[0]!;

export const updateSupplier = async (db: Db, id: string, values: Partial<typeof suppliers.$inferInsert>) =>
  (await db.update(suppliers).set({ ...values, updatedAt: sql`now()` }).where(eq(suppliers.id, id)).returning())[0];

export const deleteSupplier = async (db: Db, id: string) => (await db.delete(suppliers).where(eq(suppliers.id, id)).returning())[0];
