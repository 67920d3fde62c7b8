import { z } from 'zod';
import { multilineText, text } from '../common/fields.js';
import { frenchText } from '../common/french.js';
import { SORT_ORDERS } from '../accounts/people.schema.js';
import { PageQuery, searchText } from '../common/paging.js';
import { TAXONOMY_SORTS } from './limits.js';
import { catalogueMessages as m } from './messages.js';

const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);

/** POST /api/v1/categories (multipart fields, or JSON; the file field is `image`). */
export const CategoryInput = z.object({
  name: text({ error: m.nameRequired }).min(1, m.nameRequired).max(120),
  /** The name and description on French pages; blank: the English ones serve. */
  nameFr: frenchText(120),
  description: multilineText().max(5000).default(''),
  descriptionFr: frenchText(5000, { multiline: true }),
  parentId: z.preprocess(blankToNull, z.uuid({ error: m.categoryNotFound }).nullable()).default(null),
});
export type CategoryInput = z.input<typeof CategoryInput>;

/** PUT /api/v1/categories/:id: only the fields sent change; a new `image` file replaces the old one. */
export const CategoryUpdate = z.object({
  name: text().min(1, m.nameRequired).max(120),
  nameFr: frenchText(120),
  description: multilineText().max(5000),
  descriptionFr: frenchText(5000, { multiline: true }),
  parentId: z.preprocess(blankToNull, z.uuid({ error: m.categoryNotFound }).nullable()),
}).partial();
export type CategoryUpdate = z.input<typeof CategoryUpdate>;

export const CategoryOut = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null where no French was written (the English text serves). */
  nameFr: z.string().nullable(),
  description: z.string(),
  descriptionFr: z.string().nullable(),
  image: z.string().nullable(),
  parentId: z.uuid().nullable(),
  /** Active products in this category. */
  productCount: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CategoryOut = z.infer<typeof CategoryOut>;

export const CategoryListQuery = PageQuery.extend({
  pageSize: PageQuery.shape.pageSize.default(50),
  q: searchText(),
  parentId: z.uuid().optional(),
  sort: z.enum(TAXONOMY_SORTS).default('name'),
  order: z.enum(SORT_ORDERS).default('asc'),
});
export type CategoryListQuery = z.input<typeof CategoryListQuery>;

export const CategoryList = z.object({ items: z.array(CategoryOut), total: z.number().int() });
