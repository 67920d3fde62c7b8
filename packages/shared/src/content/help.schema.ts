import { z } from 'zod';
import { coercedInt, multilineText, text } from '../common/fields.js';
import { contentMessages as m } from './messages.js';

/** SPEC.md: the slug is the name lowercased with spaces turned to hyphens (the browser URL-encodes it). */
export const helpSlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

const title = text({ error: m.helpRequired }).min(1, m.helpRequired).max(200);
const body = multilineText({ error: m.helpRequired }).min(1, m.helpRequired).max(50_000);

/** POST /api/v1/helpcenter (multipart: name, description, image). */
export const HelpArticleInput = z.object({ name: title, description: body });
export type HelpArticleInput = z.input<typeof HelpArticleInput>;

/** PUT /api/v1/helpcenter/:id (multipart): only the fields sent change; a new `image` replaces the old one. */
export const HelpArticleUpdate = HelpArticleInput.partial();
export type HelpArticleUpdate = z.input<typeof HelpArticleUpdate>;

export const HelpArticleOut = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HelpArticleOut = z.infer<typeof HelpArticleOut>;

/** SPEC.md's lists are arrays; paging and search are optional (without them, the whole list). */
export const ContentListQuery = z.object({
  // Not PageQuery's fields: their defaults survive `.optional()` and would cut every list to 10 entries.
  page: coercedInt({ min: 1 }).optional(),
  pageSize: coercedInt({ min: 1, max: 100 }).optional(),
  q: text().max(100).optional(),
});
export type ContentListQuery = z.input<typeof ContentListQuery>;

export const HelpArticleParams = z.object({ idOrSlug: text().min(1).max(300) });
export const ContentIdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
