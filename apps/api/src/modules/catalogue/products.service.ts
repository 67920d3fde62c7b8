import { accessOf } from '@meltway/shared/accounts/permissions';
import { PRODUCT_MAX_IMAGES } from '@meltway/shared/catalogue/limits';
import { catalogueMessages as m } from '@meltway/shared/catalogue/messages';
import {
  productSlug,
  ratingsIssue,
  type ProductInput,
  type ProductListQuery,
  type ProductOut,
  type ProductSummary,
  type ProductUpdate,
} from '@meltway/shared/catalogue/product.schema';
import type { DesignProduct } from '@meltway/shared/design/design.schema';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles, storeFiles } from '../../lib/stored-files.js';
import { checkProductRefs } from './catalogue.service.js';
import * as repo from './products.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STAFF: readonly string[] = (() => {
  const roles = accessOf('catalogue.viewAll');
  return roles === 'public' ? [] : roles;
})();

const isStaff = (ctx: Ctx) => !!ctx.user && STAFF.includes(ctx.user.role);

function toProductOut(row: repo.ProductWithRefs, images: repo.ImageRow[], staff: boolean): ProductOut {
  const p = row.product;
  return {
    id: p.id,
    name: p.name,
    nameFr: p.nameFr,
    slug: p.slug,
    sku: p.sku,
    description: p.description,
    descriptionFr: p.descriptionFr,
    price: p.priceCents,
    currency: 'CAD',
    category: row.categoryName !== null ? { id: p.categoryId, name: row.categoryName, nameFr: row.categoryNameFr } : null,
    brand: p.brandId && row.brandName !== null ? { id: p.brandId, name: row.brandName } : null,
    // Where a product is bought is the business's own affair.
    supplier: staff && p.supplierId && row.supplierName !== null ? { id: p.supplierId, name: row.supplierName } : null,
    stock: p.stock,
    active: p.active,
    kind: p.kind,
    voltage: p.voltage,
    voltages: p.ratedVoltages,
    minInsulationMOhm: p.minInsulationMOhm,
    watts: p.watts,
    wattDensity: p.wattDensity,
    lengthM: p.lengthM,
    widthM: p.widthM,
    heatedAreaM2: p.heatedAreaM2,
    currentA: p.currentA,
    images: images.map((i) => ({ id: i.id, url: i.path, position: i.position })),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

async function withImages(ctx: Ctx, rows: repo.ProductWithRefs[], staff: boolean) {
  const images = await repo.imagesOf(ctx.db, rows.map((r) => r.product.id));
  const byProduct = new Map<string, repo.ImageRow[]>();
  for (const i of images) byProduct.set(i.productId, [...(byProduct.get(i.productId) ?? []), i]);
  return rows.map((r) => toProductOut(r, byProduct.get(r.product.id) ?? [], staff));
}

function toSummary(row: repo.ProductWithRefs, image: string | null, staff: boolean): ProductSummary {
  const { id, name, nameFr, slug, sku, price, currency, category, brand, supplier, stock, active, kind, created_at } = toProductOut(row, [], staff);
  return { id, name, nameFr, slug, sku, price, currency, category, brand, supplier, stock, active, kind, created_at, image };
}

async function loadPage(ctx: Ctx, q: z.output<typeof ProductListQuery>, staff: boolean) {
  const [rows, total] = await Promise.all([repo.pageProducts(ctx.db, q), repo.countProducts(ctx.db, q)]);
  const images = await repo.firstImages(ctx.db, rows.map((r) => r.product.id));
  return { items: rows.map((r) => toSummary(r, images.get(r.product.id) ?? null, staff)), total };
}

/** Products, paged on the server: active ones for everybody; staff may also list inactive ones. */
export async function listProducts(ctx: Ctx, q: z.output<typeof ProductListQuery>) {
  const staff = isStaff(ctx);
  if (q.status !== 'active' && !staff) throw new ForbiddenError(m.inactiveOnlyForStaff);
  return loadPage(ctx, q, staff);
}

async function findProduct(ctx: Ctx, idOrSlug: string, staff: boolean) {
  const row = UUID.test(idOrSlug) ? await repo.findProductById(ctx.db, idOrSlug) : await repo.findProductBySlug(ctx.db, idOrSlug);
  if (!row || (!staff && !row.product.active)) throw new NotFoundError(m.productNotFound);
  return (await withImages(ctx, [row], staff))[0]!;
}

/** One product by id or slug, with its images and technical data; an inactive one is 404 to the public. */
export async function getProduct(ctx: Ctx, idOrSlug: string): Promise<ProductOut> {
  return findProduct(ctx, idOrSlug, isStaff(ctx));
}

type Fields = z.output<typeof ProductUpdate>;

const toColumns = (input: Fields): Partial<repo.NewProduct> => {
  const { price, voltages, ...rest } = input;
  return { ...rest, ...(price !== undefined ? { priceCents: price } : {}), ...(voltages !== undefined ? { ratedVoltages: voltages } : {}) };
};

const isHeater = (kind: string) => kind === 'mat' || kind === 'cable';

/** Refuses a mat or cable whose figures are given above its highest rated voltage. */
function checkRatings(p: Parameters<typeof ratingsIssue>[0]) {
  const issue = ratingsIssue(p);
  if (issue) throw new FieldError('voltages', issue);
}

const conflictOnUnique = (err: unknown): never => {
  const constraint = uniqueViolation(err);
  if (constraint !== undefined) throw constraint.includes('sku') ? new ConflictError(m.skuTaken, 'sku') : new ConflictError(m.slugTaken, 'slug');
  throw err;
};

/** Creates a product; its slug comes from the name unless one is given. */
export async function createProduct(ctx: Ctx, sent: z.output<typeof ProductInput>) {
  // A mat or cable sent without its ratings is rated for the voltage its figures are given at.
  const input = { ...sent, voltages: sent.voltages ?? (isHeater(sent.kind) && sent.voltage !== null ? [sent.voltage] : []) };
  checkRatings(input);
  await checkProductRefs(ctx, input);
  if (await repo.findProductRowBySku(ctx.db, input.sku)) throw new ConflictError(m.skuTaken, 'sku');
  let slug = input.slug;
  if (slug) {
    if (await repo.findProductRowBySlug(ctx.db, slug)) throw new ConflictError(m.slugTaken, 'slug');
  } else {
    slug = productSlug(input.name) || productSlug(input.sku);
    // Two products may share a name; the SKU, unique already, tells their slugs apart.
    if (await repo.findProductRowBySlug(ctx.db, slug)) slug = `${slug}-${productSlug(input.sku)}`;
  }
  const row = await repo.insertProduct(ctx.db, { ...toColumns(input), slug } as repo.NewProduct).catch(conflictOnUnique);
  ctx.log.info({ productId: row.id, by: ctx.user?.id }, 'product created');
  return findProduct(ctx, row.id, true);
}

/** Changes the fields sent. */
export async function updateProduct(ctx: Ctx, id: string, input: Fields) {
  const current = await repo.findProductById(ctx.db, id);
  if (!current) throw new NotFoundError(m.productNotFound);
  const p = current.product;
  checkRatings({ kind: input.kind ?? p.kind, voltage: input.voltage !== undefined ? input.voltage : p.voltage, voltages: input.voltages ?? p.ratedVoltages });
  await checkProductRefs(ctx, input);
  await repo.updateProduct(ctx.db, id, toColumns(input)).catch(conflictOnUnique);
  return findProduct(ctx, id, true);
}

/** Deletes a product and its image files; cart lines that held it then show it as unavailable. */
export async function deleteProduct(ctx: Ctx, id: string) {
  const images = await repo.imagesOf(ctx.db, [id]);
  if (!(await repo.deleteProduct(ctx.db, id))) throw new NotFoundError(m.productNotFound);
  await removeFiles(ctx.storage, images.map((i) => i.path));
  ctx.log.info({ productId: id, by: ctx.user?.id }, 'product deleted');
  return { message: m.productDeleted };
}

/** Adds images after the existing ones, in the order sent. */
export async function addImages(ctx: Ctx, id: string, files: UploadedFile[]) {
  if (!files.length) throw new FieldError('images', m.imageRequired);
  if (!(await repo.findProductById(ctx.db, id))) throw new NotFoundError(m.productNotFound);
  const paths = await storeFiles(ctx.storage, files, 'products');
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.lockProduct(tx, id))) throw new NotFoundError(m.productNotFound);
      const existing = await repo.imagesOf(tx, [id]);
      if (existing.length + paths.length > PRODUCT_MAX_IMAGES) throw new FieldError('images', m.tooManyImages);
      const next = existing.reduce((max, i) => Math.max(max, i.position + 1), 0);
      await repo.insertImages(tx, paths.map((path, i) => ({ productId: id, path, position: next + i })));
      await repo.touchProduct(tx, id);
    });
  } catch (err) {
    await removeFiles(ctx.storage, paths);
    throw err;
  }
  return findProduct(ctx, id, true);
}

/** Removes one image of a product (and its file). */
export async function removeImage(ctx: Ctx, id: string, imageId: string) {
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, id))) throw new NotFoundError(m.productNotFound);
    const deleted = await repo.deleteImage(tx, id, imageId);
    if (!deleted) throw new NotFoundError(m.imageNotFound);
    await repo.touchProduct(tx, id);
    return deleted;
  });
  await removeFiles(ctx.storage, [row.path]);
  return findProduct(ctx, id, true);
}

/** Puts a product's images in the order given; the list must name each of them once. */
export async function reorderImages(ctx: Ctx, id: string, ids: string[]) {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, id))) throw new NotFoundError(m.productNotFound);
    const current = new Set((await repo.imagesOf(tx, [id])).map((i) => i.id));
    if (ids.length !== current.size || new Set(ids).size !== ids.length || ids.some((i) => !current.has(i))) {
      throw new FieldError('ids', m.imageOrderInvalid);
    }
    for (const [position, imageId] of ids.entries()) await repo.setImagePosition(tx, imageId, position);
    await repo.touchProduct(tx, id);
  });
  return findProduct(ctx, id, true);
}

export type PricedProduct = { id: string; name: string; nameFr: string | null; slug: string; sku: string; priceCents: number; stock: number; active: boolean; categoryId: string; image: string | null };

/**
 * Live price, stock, state and category of products, for pricing carts and orders; missing ids are simply
 * absent. `images: false` spares reading the first image of each, for callers that show none (checkout).
 */
export async function productsForPricing(ctx: Ctx, ids: string[], { images: withImages = true } = {}): Promise<Map<string, PricedProduct>> {
  const unique = [...new Set(ids)];
  const [rows, images] = await Promise.all([repo.productsByIds(ctx.db, unique), withImages ? repo.firstImages(ctx.db, unique) : new Map<string, string>()]);
  return new Map(rows.map((r) => [r.id, { ...r, image: images.get(r.id) ?? null }]));
}

/** The live catalogue as the layout generator reads it: active products with their technical data, price and stock. */
export async function designProducts(ctx: Pick<Ctx, 'db'>): Promise<DesignProduct[]> {
  return repo.activeDesignProducts(ctx.db);
}
