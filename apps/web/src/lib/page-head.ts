import { localizedPath } from './i18n';
import type { Language } from '@meltway/shared/common/language';

/** What a public page says about itself in <head>: search results, link previews and structured data read it. */
export type PageHead = {
  /** The page's own title, without the site name. */
  title: string;
  description?: string;
  /** The address without the language prefix: '/', '/product/abc'. */
  path: string;
  lang: Language;
  /** Root-relative ('/uploads/…') or absolute. */
  image?: string;
  type?: 'website' | 'product' | 'article';
  jsonLd?: Record<string, unknown>[];
  noindex?: boolean;
};

export const SITE_NAME = 'Meltway';

/** hreflang values, and Open Graph's locales, of each language. */
const HREFLANG = { en: 'en-CA', fr: 'fr-CA' } as const;
const OG_LOCALE = { en: 'en_CA', fr: 'fr_CA' } as const;

/** Marks every tag headTags writes, so the next page's head can drop exactly those (use-document-title.ts). */
const HEAD_MARK = 'data-head';

/** `path` (root-relative) or an absolute URL, as an absolute URL on `origin`. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, `${origin.replace(/\/+$/, '')}/`).href;
}

/** The page's address in `lang`, absolute. */
export function pageUrl(path: string, lang: Language, origin: string): string {
  return absoluteUrl(localizedPath(path, lang), origin);
}

/** The document title: "Title · Meltway", or the site name alone for a page without its own. */
export function documentTitle(title: string): string {
  const own = title.trim();
  return own && own !== SITE_NAME ? `${own} · ${SITE_NAME}` : SITE_NAME;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c]!);

/**
 * JSON for a <script> element: `<` (so neither `</script>` nor `<!--` can appear), `>`, `&` and the two
 * line separators JavaScript reads as line ends are written as \u escapes, which JSON parses back unchanged.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}" ${HEAD_MARK}>`;

/**
 * The HTML the server puts in <head> for a page: title, description, canonical address and its other
 * language, Open Graph and Twitter cards, robots, and the structured data. A page kept out of search
 * results (noindex) names no canonical or alternate address, which would ask search engines to index it.
 */
export function headTags(head: PageHead, origin: string): string {
  const url = pageUrl(head.path, head.lang, origin);
  const other = head.lang === 'en' ? 'fr' : 'en';
  const image = head.image ? absoluteUrl(head.image, origin) : undefined;
  const tags = [`<title ${HEAD_MARK}>${escapeHtml(documentTitle(head.title))}</title>`];
  if (head.description) tags.push(meta('name', 'description', head.description));
  if (head.noindex) {
    tags.push(meta('name', 'robots', 'noindex'));
  } else {
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}" ${HEAD_MARK}>`);
    for (const lang of ['en', 'fr'] as const) {
      tags.push(`<link rel="alternate" hreflang="${HREFLANG[lang]}" href="${escapeHtml(pageUrl(head.path, lang, origin))}" ${HEAD_MARK}>`);
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(head.path, 'en', origin))}" ${HEAD_MARK}>`);
  }

  const title = head.title.trim() || SITE_NAME;
  tags.push(meta('property', 'og:title', title));
  if (head.description) tags.push(meta('property', 'og:description', head.description));
  tags.push(meta('property', 'og:url', url));
  tags.push(meta('property', 'og:type', head.type ?? 'website'));
  if (image) tags.push(meta('property', 'og:image', image));
  tags.push(meta('property', 'og:site_name', SITE_NAME));
  tags.push(meta('property', 'og:locale', OG_LOCALE[head.lang]));
  tags.push(meta('property', 'og:locale:alternate', OG_LOCALE[other]));

  tags.push(meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'));
  tags.push(meta('name', 'twitter:title', title));
  if (head.description) tags.push(meta('name', 'twitter:description', head.description));
  if (image) tags.push(meta('name', 'twitter:image', image));

  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json" ${HEAD_MARK}>${scriptJson(data)}</script>`);
  return tags.join('\n');
}
