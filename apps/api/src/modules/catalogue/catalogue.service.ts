import type { BrandInput, BrandOut, BrandUpdate, TaxonomyListQuery } from '@meltway/shared/catalogue/brand.schema';
import type { CategoryInput, CategoryListQuery, CategoryOut, CategoryUpdate } from '@meltway/shared/catalogue/category.schema';
import { catalogueMessages as m } from '@meltway/shared/catalogue/messages';
import type { SupplierInput, SupplierOut, SupplierUpdate } from '@meltway/shared/catalogue/supplier.schema';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles, withStoredFile } from '../../lib/stored-files.js';
import * as repo from './catalogue.repo.js';

const iso = (d: Date) => d.toISOString();

const toCategoryOut = (row: { category: repo.CategoryRow; productCount: number }): CategoryOut => ({
  id: row.category.id,
  name: row.category.name,
  nameFr: row.category.nameFr,
  description: row.category.description,
  descriptionFr: row.category.descriptionFr,
  image: row.category.image,
  parentId: row.category.parentId,
  productCount: Number(row.productCount),
  created_at: iso(row.category.createdAt),
  updated_at: iso(row.category.updatedAt),
});

const toBrandOut = (b: repo.BrandRow): BrandOut => ({
  id: b.id,
  name: b.name,
  description: b.description,
  descriptionFr: b.descriptionFr,
  logo: b.logo,
  created_at: iso(b.createdAt),
  updated_at: iso(b.updatedAt),
});

const toSupplierOut = (s: repo.SupplierRow): SupplierOut => ({
  id: s.id,
  name: s.name,
  contact: s.contact,
  email: s.email,
  phone: s.phone,
  created_at: iso(s.createdAt),
  updated_at: iso(s.updatedAt),
});

const conflictOnName = (message: string) => (err: unknown) => {
  if (uniqueViolation(err) !== undefined) throw new ConflictError(message, 'name');
  throw err;
};

// Categories

/** Categories, paged; each with its count of active products. */
export async function listCategories(ctx: Ctx, query: z.output<typeof CategoryListQuery>) {
  const [rows, total] = await Promise.all([repo.pageCategories(ctx.db, query), repo.countCategories(ctx.db, query)]);
  return { items: rows.map(toCategoryOut), total };
}

/** One category, or 404. */
export async function getCategory(ctx: Ctx, id: string) {
  const row = await repo.findCategory(ctx.db, id);
  if (!row) throw new NotFoundError(m.categoryNotFound);
  return toCategoryOut(row);
}

/** Checks that a parent exists and is not the category itself nor one of its descendants. */
async function checkParent(ctx: Ctx, parentId: string | null | undefined, selfId?: string) {
  if (!parentId) return;
  if (!(await repo.findCategory(ctx.db, parentId))) throw new FieldError('parentId', m.categoryNotFound);
  if (selfId && (parentId === selfId || (await repo.categoryAncestors(ctx.db, parentId)).includes(selfId))) {
    throw new FieldError('parentId', m.categoryParentInvalid);
  }
}

/** Creates a category with its optional image. */
export async function createCategory(ctx: Ctx, input: z.output<typeof CategoryInput>, image?: UploadedFile) {
  await checkParent(ctx, input.parentId);
  const row = await withStoredFile(ctx.storage, image, 'categories', (path) =>
    repo.insertCategory(ctx.db, { ...input, image: path ?? null }).catch(conflictOnName(m.categoryNameTaken)),
  );
  return getCategory(ctx, row.id);
}

/** Changes the fields sent; a new image replaces (and deletes) the old one. */
export async function updateCategory(ctx: Ctx, id: string, input: z.output<typeof CategoryUpdate>, image?: UploadedFile) {
  const before = await repo.findCategory(ctx.db, id);
  if (!before) throw new NotFoundError(m.categoryNotFound);
  await checkParent(ctx, input.parentId, id);
  await withStoredFile(ctx.storage, image, 'categories', (path) =>
    repo.updateCategory(ctx.db, id, { ...input, ...(path ? { image: path } : {}) }).catch(conflictOnName(m.categoryNameTaken)),
  );
  if (image) await removeFiles(ctx.storage, [before.category.image]);
  return getCategory(ctx, id);
}

/** Deletes an unused category; one with products or subcategories is a 409 that says so. */
export async function deleteCategory(ctx: Ctx, id: string) {
  const row = await repo.findCategory(ctx.db, id);
  if (!row) throw new NotFoundError(m.categoryNotFound);
  if ((await repo.countProductsUsing(ctx.db, { categoryId: id })) > 0) throw new ConflictError(m.categoryHasProducts);
  if ((await repo.countChildCategories(ctx.db, id)) > 0) throw new ConflictError(m.categoryHasChildren);
  try {
    await repo.deleteCategory(ctx.db, id);
  } catch (err) {
    // A product or subcategory added since the check, or a coupon limited to it: the foreign key refuses.
    const fk = foreignKeyViolation(err);
    if (fk !== undefined) {
      throw new ConflictError(fk.startsWith('categories_') ? m.categoryHasChildren : fk.startsWith('coupons_') ? m.categoryHasCoupons : m.categoryHasProducts);
    }
    throw err;
  }
  await removeFiles(ctx.storage, [row.category.image]);
  return { message: m.categoryDeleted };
}

// Brands

/** Brands, paged. */
export async function listBrands(ctx: Ctx, query: z.output<typeof TaxonomyListQuery>) {
  const [rows, total] = await Promise.all([repo.pageBrands(ctx.db, query), repo.countBrands(ctx.db, query)]);
  return { items: rows.map(toBrandOut), total };
}

/** One brand, or 404. */
export async function getBrand(ctx: Ctx, id: string) {
  const row = await repo.findBrand(ctx.db, id);
  if (!row) throw new NotFoundError(m.brandNotFound);
  return toBrandOut(row);
}

/** Creates a brand with its optional logo. */
export async function createBrand(ctx: Ctx, input: z.output<typeof BrandInput>, logo?: UploadedFile) {
  const row = await withStoredFile(ctx.storage, logo, 'brands', (path) =>
    repo.insertBrand(ctx.db, { ...input, logo: path ?? null }).catch(conflictOnName(m.brandNameTaken)),
  );
  return toBrandOut(row);
}

/** Changes the fields sent; a new logo replaces (and deletes) the old one. */
export async function updateBrand(ctx: Ctx, id: string, input: z.output<typeof BrandUpdate>, logo?: UploadedFile) {
  const before = await repo.findBrand(ctx.db, id);
  if (!before) throw new NotFoundError(m.brandNotFound);
  const row = await withStoredFile(ctx.storage, logo, 'brands', (path) =>
    repo.updateBrand(ctx.db, id, { ...input, ...(path ? { logo: path } : {}) }).catch(conflictOnName(m.brandNameTaken)),
  );
  if (logo) await removeFiles(ctx.storage, [before.logo]);
  return toBrandOut(row!);
}

/** Deletes an unused brand; one with products is a 409 that says so. */
export async function deleteBrand(ctx: Ctx, id: string) {
  const row = await repo.findBrand(ctx.db, id);
  if (!row) throw new NotFoundError(m.brandNotFound);
  if ((await repo.countProductsUsing(ctx.db, { brandId: id })) > 0) throw new ConflictError(m.brandHasProducts);
  try {
    await repo.deleteBrand(ctx.db, id);
  } catch (err) {
    if (foreignKeyViolation(err) !== undefined) throw new ConflictError(m.brandHasProducts);
    throw err;
  }
  await removeFiles(ctx.storage, [row.logo]);
  return { message: m.brandDeleted };
}

// Suppliers

/** Suppliers, paged (staff only: contact details are not public). */
export async function listSuppliers(ctx: Ctx, query: z.output<typeof TaxonomyListQuery>) {
  const [rows, total] = await Promise.all([repo.pageSuppliers(ctx.db, query), repo.countSuppliers(ctx.db, query)]);
  return { items: rows.map(toSupplierOut), total };
}

/** One supplier, or 404. */
export async function getSupplier(ctx: Ctx, id: string) {
  const row = await repo.findSupplier(ctx.db, id);
  if (!row) throw new NotFoundError(m.supplierNotFound);
  return toSupplierOut(row);
}

/** Creates a supplier. */
export async function createSupplier(ctx: Ctx, input: z.output<typeof SupplierInput>) {
  return toSupplierOut(await repo.insertSupplier(ctx.db, input).catch(conflictOnName(m.supplierNameTaken)));
}

/** Changes the fields sent. */
export async function updateSupplier(ctx: Ctx, id: string, input: z.output<typeof SupplierUpdate>) {
  const row = await repo.updateSupplier(ctx.db, id, input).catch(conflictOnName(m.supplierNameTaken));
  if (!row) throw new NotFoundError(m.supplierNotFound);
  return toSupplierOut(row);
}

/** Deletes an unused supplier; one with products is a 409 that says so. */
export async function deleteSupplier(ctx: Ctx, id: string) {
  if (!(await repo.findSupplier(ctx.db, id))) throw new NotFoundError(m.supplierNotFound);
  if ((await repo.countProductsUsing(ctx.db, { supplierId: id })) > 0) throw new ConflictError(m.supplierHasProducts);
  try {
    await repo.deleteSupplier(ctx.db, id);
  } catch (err) {
    if (foreignKeyViolation(err) !== undefined) throw new ConflictError(m.supplierHasProducts);
    throw err;
  }
  return { message: m.supplierDeleted };
}

/** Whether each reference of a product exists; a missing one is a 400 on its field. */
export async function checkProductRefs(ctx: Ctx, refs: { categoryId?: string; brandId?: string | null; supplierId?: string | null }) {
  if (refs.categoryId && !(await repo.findCategory(ctx.db, refs.categoryId))) throw new FieldError('categoryId', m.categoryNotFound);
  if (refs.brandId && !(await repo.findBrand(ctx.db, refs.brandId))) throw new FieldError('brandId', m.brandNotFound);
  if (refs.supplierId && !(await repo.findSupplier(ctx.db, refs.supplierId))) throw new FieldError('supplierId', m.supplierNotFound);
}
