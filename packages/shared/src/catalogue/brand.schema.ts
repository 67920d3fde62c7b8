import { z } from 'zod';
import { multilineText, text } from '../common/fields.js';
import { frenchText } from '../common/french.js';
import { SORT_ORDERS } from '../accounts/people.schema.js';
import { PageQuery, searchText } from '../common/paging.js';
import { TAXONOMY_SORTS } from './limits.js';
import { catalogueMessages as m } from './messages.js';

const blankToNull = (v: unknown) => (v === '' ? null : v);

/** POST /api/v1/brands (multipart fields, or JSON; the file field is `logo`). */
export const BrandInput = z.object({
  name: text({ error: m.nameRequired }).min(1, m.nameRequired).max(120),
  description: z.preprocess(blankToNull, multilineText().max(5000).nullable()).default(null),
  /** The description on French pages (a brand's name is its own in both languages); blank: none. */
  descriptionFr: frenchText(5000, { multiline: true }),
});
export type BrandInput = z.input<typeof BrandInput>;

export const BrandUpdate = z.object({
  name: text().min(1, m.nameRequired).max(120),
  description: z.preprocess(blankToNull, multilineText().max(5000).nullable()),
  descriptionFr: frenchText(5000, { multiline: true }),
}).partial();
export type BrandUpdate = z.input<typeof BrandUpdate>;

export const BrandOut = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionFr: z.string().nullable(),
  logo: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BrandOut = z.infer<typeof BrandOut>;

export const TaxonomyListQuery = PageQuery.extend({
  pageSize: PageQuery.shape.pageSize.default(50),
  q: searchText(),
  sort: z.enum(TAXONOMY_SORTS).default('name'),
  order: z.enum(SORT_ORDERS).default('asc'),
});
export type TaxonomyListQuery = z.input<typeof TaxonomyListQuery>;

export const BrandList = z.object({ items: z.array(BrandOut), total: z.number().int() });
