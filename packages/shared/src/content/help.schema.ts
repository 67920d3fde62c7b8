import { z } from 'zod';
import { multilineText, text } from '../common/fields.js';
import { frenchText, langQuery } from '../common/french.js';
import { listQuery, optionalPaging, searchText } from '../common/paging.js';
import { contentMessages as m } from './messages.js';

/** SPEC.md: the slug is the name lowercased with spaces turned to hyphens (the browser URL-encodes it). */
export const helpSlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

const title = text({ error: m.helpRequired }).min(1, m.helpRequired).max(200);
const body = multilineText({ error: m.helpRequired }).min(1, m.helpRequired).max(50_000);

/** POST /api/v1/helpcenter (multipart: name, description, nameFr, descriptionFr, image); the French title and text are optional. */
export const HelpArticleInput = z.object({ name: title, nameFr: frenchText(200), description: body, descriptionFr: frenchText(50_000, { multiline: true }) });
export type HelpArticleInput = z.input<typeof HelpArticleInput>;

/** PUT /api/v1/helpcenter/:id (multipart): only the fields sent change; a new `image` replaces the old one. */
export const HelpArticleUpdate = HelpArticleInput.partial();
export type HelpArticleUpdate = z.input<typeof HelpArticleUpdate>;

export const HelpArticleOut = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null where no French was written (the English text serves). */
  nameFr: z.string().nullable(),
  slug: z.string(),
  description: z.string(),
  descriptionFr: z.string().nullable(),
  image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HelpArticleOut = z.infer<typeof HelpArticleOut>;

/**
 * SPEC.md's lists are arrays; paging and search are optional (without them, the whole list). `q` matches
 * in the page's language (`lang`: French texts, or English ones where there is no French), accents and
 * case aside.
 */
export const ContentListQuery = listQuery({
  // Not PageQuery's fields: their defaults survive `.optional()` and would cut every list to 10 entries.
  ...optionalPaging,
  q: searchText(),
  lang: langQuery,
});
export type ContentListQuery = z.input<typeof ContentListQuery>;

export const HelpArticleParams = z.object({ idOrSlug: text().min(1).max(300) });
export const ContentIdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
