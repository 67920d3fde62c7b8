import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, numeric, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PRODUCT_KINDS } from '@meltway/shared/catalogue/limits';

export const productKind = pgEnum('product_kind', PRODUCT_KINDS);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Technical figures are decimals in the database and plain numbers in the API. */
const measure = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    /** French name and description; null: the English ones serve on French pages too. */
    nameFr: text('name_fr'),
    description: text('description').notNull().default(''),
    descriptionFr: text('description_fr'),
    image: text('image'),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  /** A brand's name is its own in both languages; only its description has a French version. */
  descriptionFr: text('description_fr'),
  logo: text('logo'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const suppliers = pgTable('suppliers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  contact: text('contact').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** French name and description; null: the English ones serve on French pages too. */
    nameFr: text('name_fr'),
    slug: text('slug').notNull().unique(),
    sku: text('sku').notNull().unique(),
    description: text('description').notNull().default(''),
    descriptionFr: text('description_fr'),
    /** Integer cents, CAD, before tax. */
    priceCents: integer('price_cents').notNull(),
    // Restrict: a category, brand or supplier in use cannot disappear under its products.
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    stock: integer('stock').notNull().default(0),
    active: boolean('active').notNull().default(true),
    kind: productKind('kind').notNull(),
    /** The voltage `watts` and `currentA` are given at. */
    voltage: integer('voltage'),
    /**
     * Heaters: the voltages the maker rates the product for (most mats one, some 240 and 277). The layout generator
     * never runs a heater above the highest of them (migration 0019 filled it with `voltage`).
     */
    ratedVoltages: integer('rated_voltages').array().notNull().default(sql`'{}'::integer[]`),
    /** Heaters: the least insulation resistance a good unit shows, MΩ; null: the 100 MΩ every heater must reach. */
    minInsulationMOhm: measure('min_insulation_mohm'),
    watts: measure('watts'),
    /** W/m². */
    wattDensity: measure('watt_density'),
    lengthM: measure('length_m'),
    widthM: measure('width_m'),
    heatedAreaM2: measure('heated_area_m2'),
    currentA: measure('current_a'),
    /**
     * What the shop's search compares, per language: the name (the French one, else the English one) and
     * the SKU, lower case and without accents (`search_fold`, migration 0015), kept by the database.
     */
    searchText: text('search_text').generatedAlwaysAs(sql`search_fold(name || ' ' || sku)`),
    searchTextFr: text('search_text_fr').generatedAlwaysAs(sql`search_fold(coalesce(name_fr, name) || ' ' || sku)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
    check('products_price_not_negative', sql`${t.priceCents} >= 0`),
    // One index per sort of the shop's list, led by the active flag the public list always filters on.
    index('products_active_created_idx').on(t.active, t.createdAt, t.id),
    index('products_active_price_idx').on(t.active, t.priceCents, t.id),
    index('products_active_name_idx').on(t.active, t.name, t.id),
    index('products_active_stock_idx').on(t.active, t.stock, t.id),
    index('products_category_idx').on(t.categoryId, t.active),
    index('products_brand_idx').on(t.brandId),
    index('products_supplier_idx').on(t.supplierId),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_position_idx').on(t.productId, t.position)],
);
