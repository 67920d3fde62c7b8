import { z } from 'zod';
import { multilineText, text } from '../common/fields.js';
import { frenchText, langQuery } from '../common/french.js';
import { listQuery, optionalPaging, searchText } from '../common/paging.js';
import { contentMessages as m } from './messages.js';

/** A slug's longest: an address stays well within what routers, proxies and browsers take. */
const HELP_SLUG_MAX = 80;
const HELP_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Latin letters that no accent folding takes apart. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/**
 * A help article's address (SPEC.md: the name lowercased, spaces turned to hyphens), kept to at most 80
 * characters of a-z, 0-9 and single hyphens: accents folded ("Déneigement" gives "deneigement"), apostrophes
 * dropped, anything else a hyphen. A name of no latin letter or digit gets "article". The slug is given once,
 * when the article is made, and kept when its title changes.
 */
export function helpSlug(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (c) => LETTERS[c]!)
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return folded.slice(0, HELP_SLUG_MAX).replace(/-+$/, '') || 'article';
}

/** Whether a text is a slug of the present rule (a former slug, made before it, need not be). */
export const isHelpSlug = (slug: string) => slug.length <= HELP_SLUG_MAX && HELP_SLUG.test(slug);

/** The slug for the n-th article of one name: "name", then "name-2", "name-3" ..., still at most 80 characters. */
export function numberedHelpSlug(slug: string, n: number): string {
  if (n < 2) return slug;
  const suffix = `-${n}`;
  return `${slug.slice(0, HELP_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

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
