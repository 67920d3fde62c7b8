import { z } from 'zod';
import { coercedInt, int, multilineText, text } from '../common/fields.js';
import { frenchText, langQuery } from '../common/french.js';
import { SORT_ORDERS } from '../accounts/people.schema.js';
import { PageQuery, searchText } from '../common/paging.js';
import { PRODUCT_KINDS, PRODUCT_SORTS, PRODUCT_STATUSES } from './limits.js';
import { catalogueMessages as m } from './messages.js';

const required = (message: string) => text({ error: message }).min(1, { error: message, abort: true });

export { productSlug } from './slug.js';

/** The highest price, in cents: a million dollars. */
const PRICE_MAX_CENTS = 100_000_000;
const cents = int({ max: PRICE_MAX_CENTS, message: m.priceInvalid });
const measure = z.number({ error: m.numberInvalid }).positive(m.numberInvalid).max(1_000_000, m.numberInvalid).nullable();

/** A heater is rated for at most this many voltages (most mats one, some 240/277 V). */
const MAX_RATED_VOLTAGES = 4;
/**
 * The voltages a heater is rated for: whole volts from 1 to 1,000 (the layout generator's 120, 208, 240, 277 and
 * 347 V among them), at most four, each once.
 */
const ratedVoltages = z
  .array(int({ min: 1, max: 1000, message: m.voltagesInvalid }), { error: m.voltagesInvalid })
  // A bad voltage is an issue at its place in the list; too many or a repeat, one on the list as a whole.
  .refine((vs) => vs.length <= MAX_RATED_VOLTAGES && new Set(vs).size === vs.length, m.voltagesInvalid);

/**
 * Why a product's voltages do not hold together, or null: a mat's or a cable's figures (`voltage`) are given at one
 * of its rated voltages or below the highest, since it never runs above it.
 */
export function ratingsIssue(p: { kind: string; voltage: number | null; voltages: readonly number[] }): string | null {
  if ((p.kind !== 'mat' && p.kind !== 'cable') || p.voltage === null || p.voltages.length === 0) return null;
  return p.voltage <= Math.max(...p.voltages) ? null : m.voltageAboveRatings;
}

/** The fields an admin edits; technical data is optional because accessories carry none. */
const productFields = {
  name: required(m.nameRequired).max(200),
  /** The name on French pages; blank: the English one serves. */
  nameFr: frenchText(200),
  slug: text().max(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, m.slugInvalid),
  sku: required(m.skuRequired).max(64).regex(/^[A-Za-z0-9._-]+$/, m.skuInvalid),
  description: multilineText().max(20_000),
  descriptionFr: frenchText(20_000, { multiline: true }),
  /** Integer cents, CAD, before tax. */
  price: cents,
  categoryId: z.uuid({ error: m.categoryRequired }),
  brandId: z.uuid().nullable(),
  supplierId: z.uuid().nullable(),
  stock: int({ max: 1_000_000, message: m.stockInvalid }),
  active: z.boolean(),
  kind: z.enum(PRODUCT_KINDS, { error: m.kindInvalid }),
  /** The voltage `watts` and `currentA` are given at. */
  voltage: int({ min: 1, max: 1000, message: m.numberInvalid }).nullable(),
  /** Heaters: the voltages it is rated for; sent without it, a new mat or cable is rated for its `voltage`. */
  voltages: ratedVoltages,
  /** The least insulation resistance its maker states, MΩ; null: the general 100 MΩ rule judges it. */
  minInsulationMOhm: measure,
  watts: measure,
  /** W/m². */
  wattDensity: measure,
  lengthM: measure,
  /** Mats only. */
  widthM: measure,
  heatedAreaM2: measure,
  currentA: measure,
};

/** POST /api/v1/products. The slug defaults to one made from the name. */
export const ProductInput = z.object({
  ...productFields,
  slug: productFields.slug.optional(),
  description: productFields.description.default(''),
  brandId: productFields.brandId.default(null),
  supplierId: productFields.supplierId.default(null),
  stock: productFields.stock.default(0),
  active: productFields.active.default(true),
  voltage: productFields.voltage.default(null),
  voltages: productFields.voltages.optional(),
  minInsulationMOhm: productFields.minInsulationMOhm.default(null),
  watts: productFields.watts.default(null),
  wattDensity: productFields.wattDensity.default(null),
  lengthM: productFields.lengthM.default(null),
  widthM: productFields.widthM.default(null),
  heatedAreaM2: productFields.heatedAreaM2.default(null),
  currentA: productFields.currentA.default(null),
});
export type ProductInput = z.input<typeof ProductInput>;

/** PUT /api/v1/products/:id: only the fields sent change. */
export const ProductUpdate = z.object(productFields).partial();
export type ProductUpdate = z.input<typeof ProductUpdate>;

export const ProductImageOut = z.object({ id: z.uuid(), url: z.string(), position: z.number().int() });
export type ProductImageOut = z.infer<typeof ProductImageOut>;

const Ref = z.object({ id: z.uuid(), name: z.string() });
/** A category as a product names it, with its French name (null: the English one serves). */
const CategoryRef = Ref.extend({ nameFr: z.string().nullable() });

/** A product as the API returns it; `supplier` is shown to staff only. */
export const ProductOut = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The French name and description, or null where none was written (the English ones serve). */
  nameFr: z.string().nullable(),
  slug: z.string(),
  sku: z.string(),
  description: z.string(),
  descriptionFr: z.string().nullable(),
  price: z.number().int(),
  currency: z.literal('CAD'),
  category: CategoryRef.nullable(),
  brand: Ref.nullable(),
  supplier: Ref.nullable(),
  stock: z.number().int(),
  active: z.boolean(),
  kind: z.enum(PRODUCT_KINDS),
  voltage: z.number().nullable(),
  /** The voltages it is rated for (heaters); empty when none is given. */
  voltages: z.array(z.number().int()),
  minInsulationMOhm: z.number().nullable(),
  watts: z.number().nullable(),
  wattDensity: z.number().nullable(),
  lengthM: z.number().nullable(),
  widthM: z.number().nullable(),
  heatedAreaM2: z.number().nullable(),
  currentA: z.number().nullable(),
  images: z.array(ProductImageOut),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductOut = z.infer<typeof ProductOut>;

/** A price filter: a whole number of cents within the prices a product can have, or nothing. */
const priceFilter = z.preprocess((v) => (v === '' ? undefined : v), coercedInt({ max: PRICE_MAX_CENTS, message: m.priceInvalid }).optional());

/**
 * GET /api/v1/products: paged, filtered and sorted on the server. Prices in cents. `q` matches names and
 * SKUs in the page's language (`lang`; French names, or English ones where there is no French), accents
 * and case aside; `sort=name` orders by the names of that language, accents and case aside too.
 */
export const ProductListQuery = PageQuery.extend({
  q: searchText(),
  lang: langQuery,
  categoryId: z.uuid().optional(),
  brandId: z.uuid().optional(),
  kind: z.enum(PRODUCT_KINDS).optional(),
  minPrice: priceFilter,
  maxPrice: priceFilter,
  status: z.enum(PRODUCT_STATUSES).default('active'),
  sort: z.enum(PRODUCT_SORTS).default('created_at'),
  order: z.enum(SORT_ORDERS).default('desc'),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, { error: m.priceRangeInvalid, path: ['minPrice'] });
export type ProductListQuery = z.input<typeof ProductListQuery>;

/** A product in a list: what a grid or a table shows. Images and technical data are in ProductOut. */
export const ProductSummary = ProductOut.pick({
  id: true,
  name: true,
  nameFr: true,
  slug: true,
  sku: true,
  price: true,
  currency: true,
  category: true,
  brand: true,
  supplier: true,
  stock: true,
  active: true,
  kind: true,
  created_at: true,
}).extend({
  /** The first image, or null. */
  image: z.string().nullable(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductList = z.object({ items: z.array(ProductSummary), total: z.number().int() });
export type ProductList = z.infer<typeof ProductList>;

export const ProductIdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
export const ProductRefParams = z.object({ idOrSlug: text().min(1).max(200) });
export const ProductImageParams = z.object({ id: z.uuid({ error: 'Invalid id' }), imageId: z.uuid({ error: 'Invalid id' }) });

/** PUT /api/v1/products/:id/images/order: every image id of the product, in the new order. */
export const ImageOrderInput = z.object({ ids: z.array(z.uuid()).min(1, m.imageOrderInvalid) });
export type ImageOrderInput = z.input<typeof ImageOrderInput>;
