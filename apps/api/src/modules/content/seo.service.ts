import type { Ctx } from '../../lib/ctx.js';
import * as repo from './seo.repo.js';

/** A public page: its address without the language prefix, and when what it shows last changed. */
type SitemapPage = { path: string; lastmod?: Date };

/** Public pages that exist whatever the database holds. */
export const STATIC_PAGES = ['/', '/categories', '/products', '/helpcenter', '/about', '/lms', '/layout-generator', '/installers'] as const;

/**
 * Pages for one person (an account, a cart, an order, a mail's link) or none: kept out of search
 * engines in both languages. `/lms/course/` (the player, with its slash) leaves `/lms/courses/` open.
 */
export const PRIVATE_PREFIXES = [
  '/dashboard',
  '/cart',
  '/checkout',
  '/orders',
  '/thank-you',
  '/certification',
  '/login',
  '/register',
  '/reset',
  '/layout-generator/projects',
  '/newsletter/',
  '/lms/course/',
  '/lms/assignment',
  '/lms/home',
  '/api/',
] as const;

const LANGUAGES = [
  { prefix: '', hreflang: 'en-CA' },
  { prefix: '/fr', hreflang: 'fr-CA' },
] as const;

/** The public address without a trailing slash, so paths join onto it. */
const originOf = (ctx: Pick<Ctx, 'config'>) => ctx.config.publicUrl.replace(/\/+$/, '');

/** A page's path in one language: English at the path itself, French under /fr (the home page is /fr). */
const localized = (path: string, prefix: string) => (prefix && path === '/' ? prefix : `${prefix}${path}`);

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** robots.txt: everything public may be crawled; personal pages may not, in either language. */
export function robotsTxt(ctx: Pick<Ctx, 'config'>): string {
  const lines = ['User-agent: *', 'Allow: /'];
  for (const { prefix } of LANGUAGES) for (const path of PRIVATE_PREFIXES) lines.push(`Disallow: ${prefix}${path}`);
  lines.push('', `Sitemap: ${originOf(ctx)}/sitemap.xml`, '');
  return lines.join('\n');
}

/** Every public page the database holds, with the static ones first. */
async function sitemapPages(ctx: Pick<Ctx, 'db'>): Promise<SitemapPage[]> {
  const [productRows, categoryRows, articleRows, courseRows] = await Promise.all([
    repo.activeProductPages(ctx.db),
    repo.categoryPages(ctx.db),
    repo.helpArticlePages(ctx.db),
    repo.publishedCoursePages(ctx.db),
  ]);
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...categoryRows.map((c) => ({ path: `/categories/${c.id}`, lastmod: c.updatedAt })),
    // The storefront links products by slug and help articles by their URL-encoded slug.
    ...productRows.map((p) => ({ path: `/product/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
    ...articleRows.map((a) => ({ path: `/help/${encodeURIComponent(a.slug)}`, lastmod: a.updatedAt })),
    ...courseRows.map((c) => ({ path: `/lms/courses/${c.id}`, lastmod: c.updatedAt })),
  ];
}

/**
 * The sitemap: each page once in each language, each entry naming both languages' addresses and
 * English as the default (hreflang alternates), with the time its row last changed.
 */
function renderSitemap(origin: string, pages: SitemapPage[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const alternates = LANGUAGES.map(({ prefix, hreflang }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(origin + localized(page.path, prefix))}"/>`);
    alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + page.path)}"/>`);
    for (const { prefix } of LANGUAGES) {
      out.push('<url>', `<loc>${xml(origin + localized(page.path, prefix))}</loc>`);
      if (page.lastmod) out.push(`<lastmod>${page.lastmod.toISOString()}</lastmod>`);
      out.push(...alternates, '</url>');
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}

/** The sitemap of the site as the database holds it now (a handful of small queries). */
export async function sitemapXml(ctx: Pick<Ctx, 'db' | 'config'>): Promise<string> {
  return renderSitemap(originOf(ctx), await sitemapPages(ctx));
}
