import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAssignment, makeAuthor, makeCourse, makeDoc } from '../../test/academy-fixtures.js';
import { form, makeCategory, makeProduct } from '../../test/catalogue-fixtures.js';
import { actorOf, createTestApp, requester, type Session, type TestApp } from '../../test/harness.js';
import { PRIVATE_PREFIXES, STATIC_PAGES } from './seo.service.js';

const ORIGIN = 'http://shop.test';

/**
 * Throws unless `text` is one well-formed XML document: a root element holding every other, tags
 * closed in order, attributes quoted and not repeated, and no bare `<` or `&` in text or attributes.
 */
function assertWellFormed(text: string) {
  const body = text.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>/, '');
  const token = /<\/([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)/y;
  const bareAmpersand = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/;
  const stack: string[] = [];
  let roots = 0;
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    const m = token.exec(body);
    if (!m) throw new Error(`not XML at ${at}: ${body.slice(at, at + 60)}`);
    at = token.lastIndex;
    const [, closing, opening, attributes = '', selfClosing, chars] = m;
    if (chars !== undefined) {
      if (!stack.length && chars.trim()) throw new Error(`text outside the root: ${chars.slice(0, 60)}`);
      if (bareAmpersand.test(chars)) throw new Error(`bare & in text: ${chars.slice(0, 60)}`);
    } else if (closing !== undefined) {
      if (stack.pop() !== closing) throw new Error(`</${closing}> closes nothing open`);
    } else {
      if (!stack.length && roots++) throw new Error(`a second root element <${opening}>`);
      const names = [...attributes.matchAll(/([\w:.-]+)\s*=\s*("[^"]*"|'[^']*')/g)].map((a) => {
        if (bareAmpersand.test(a[2]!)) throw new Error(`bare & in ${a[1]}=${a[2]}`);
        return a[1]!;
      });
      if (new Set(names).size !== names.length) throw new Error(`repeated attribute in <${opening}>`);
      if (!selfClosing) stack.push(opening!);
    }
  }
  if (stack.length || roots !== 1) throw new Error(`unclosed <${stack.join('>, <')}> or no root`);
}

const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

type Entry = { loc: string; lastmod?: string; alternates: Record<string, string> };

/** The sitemap's entries by address (the document is checked well-formed first). */
function entries(xml: string): Map<string, Entry> {
  assertWellFormed(xml);
  const out = new Map<string, Entry>();
  for (const [, block] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = unescape(/<loc>([^<]*)<\/loc>/.exec(block!)![1]!);
    const lastmod = /<lastmod>([^<]*)<\/lastmod>/.exec(block!)?.[1];
    const alternates = Object.fromEntries(
      [...block!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]*)"\/>/g)].map(([, lang, href]) => [lang, unescape(href!)]),
    );
    if (out.has(loc)) throw new Error(`${loc} is listed twice`);
    out.set(loc, { loc, ...(lastmod ? { lastmod } : {}), alternates });
  }
  return out;
}

/** Whether robots.txt lets a crawler fetch `path`: the longest matching rule decides, Allow winning a tie (RFC 9309). */
function allowed(robots: string, path: string) {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)$/.exec(line);
    if (!m || !m[2] || !path.startsWith(m[2])) continue;
    const allow = m[1] === 'Allow';
    if (m[2].length > best.length || (m[2].length === best.length && allow)) best = { length: m[2].length, allow };
  }
  return best.allow;
}

describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let admin: Session;
  const req = requester(() => t);
  const sitemap = async () => {
    const res = await req('GET', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    return entries(res.body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await actorOf(t, 'admin');
  });
  afterAll(() => t.close());

  describe('the checks this file relies on', () => {
    it('refuse malformed XML', () => {
      expect(() => assertWellFormed('<?xml version="1.0" encoding="UTF-8"?>\n<a><b x="1"/>t &amp; u</a>\n')).not.toThrow();
      for (const bad of ['<a><b></a></b>', '<a>x & y</a>', '<a/><b/>', '<a href="<"/>', '<a x="1" x="2"/>', '<a>', 'text<a/>', '<a x=1/>']) {
        expect(() => assertWellFormed(bad), bad).toThrow();
      }
    });

    it('read robots rules by their longest match', () => {
      const robots = 'User-agent: *\nAllow: /\nDisallow: /lms/course/\nDisallow: /cart';
      expect(allowed(robots, '/lms/course/x')).toBe(false);
      expect(allowed(robots, '/lms/courses/x')).toBe(true);
      expect(allowed(robots, '/carton')).toBe(false);
      expect(allowed(robots, '/about')).toBe(true);
    });
  });

  it('robots.txt keeps personal pages out in both languages and names the sitemap', async () => {
    const res = await req('GET', '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ['/dashboard', '/cart', '/checkout', '/orders', '/thank-you', '/certification', '/login', '/register', '/reset', '/layout-generator/projects', '/newsletter/', '/api/']) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /fr${path}`);
    }
    expect(lines.filter((l) => l.startsWith('Disallow: '))).toHaveLength(PRIVATE_PREFIXES.length * 2);

    for (const path of ['/dashboard/products', '/checkout/abc', '/orders/abc', '/layout-generator/projects/abc', '/newsletter/confirm', '/api/v1/products', '/lms/course/abc', '/lms/home', '/reset']) {
      expect(allowed(res.body, path), path).toBe(false);
      expect(allowed(res.body, `/fr${path}`), `/fr${path}`).toBe(false);
    }
    for (const path of ['/', '/fr', '/categories', '/categories/abc', '/product/mat', '/products', '/helpcenter', '/help/a', '/about', '/lms', '/lms/courses/abc', '/verify/abc', '/layout-generator', '/uploads/products/a.webp']) {
      expect(allowed(res.body, path), path).toBe(true);
      if (!path.startsWith('/uploads')) expect(allowed(res.body, path === '/' ? '/fr' : `/fr${path}`), `/fr${path}`).toBe(true);
    }
  });

  it('is public: no session is needed, and a bad token does not stop it', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { authorization: 'Bearer not-a-token' } });
    expect(robots.statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { authorization: 'Bearer not-a-token' } });
    expect(map.statusCode).toBe(200);
    expect(map.headers['content-type']).toBe('application/xml; charset=utf-8');
  });

  it('lists the static pages in both languages, each naming the other and English as the default', async () => {
    const map = await sitemap();
    for (const path of STATIC_PAGES) {
      const en = `${ORIGIN}${path}`;
      const fr = `${ORIGIN}${path === '/' ? '/fr' : `/fr${path}`}`;
      const alternates = { 'en-CA': en, 'fr-CA': fr, 'x-default': en };
      expect(map.get(en), en).toEqual({ loc: en, alternates });
      expect(map.get(fr), fr).toEqual({ loc: fr, alternates });
    }
    const res = await req('GET', '/sitemap.xml');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
  });

  it('lists an active product and its category, and drops them when the product is deactivated or removed', async () => {
    const category = await makeCategory(t, admin.auth);
    const product = await makeProduct(t, admin.auth, category.id);
    const other = await makeProduct(t, admin.auth, category.id, { active: false });
    const productUrl = `${ORIGIN}/product/${product.slug}`;
    const categoryUrl = `${ORIGIN}/categories/${category.id}`;

    let map = await sitemap();
    const entry = map.get(productUrl)!;
    expect(entry.alternates).toEqual({ 'en-CA': productUrl, 'fr-CA': `${ORIGIN}/fr/product/${product.slug}`, 'x-default': productUrl });
    expect(map.get(`${ORIGIN}/fr/product/${product.slug}`)?.alternates).toEqual(entry.alternates);
    const read = (await req('GET', `/api/v1/products/${product.id}`)).json();
    expect(new Date(entry.lastmod!).getTime()).toBe(new Date(read.updated_at).getTime());
    expect(map.has(`${ORIGIN}/product/${other.slug}`)).toBe(false);
    expect(map.has(categoryUrl)).toBe(true);
    expect(map.has(`${ORIGIN}/fr/categories/${category.id}`)).toBe(true);

    expect((await req('PUT', `/api/v1/products/${product.id}`, admin, { active: false })).statusCode).toBe(200);
    map = await sitemap();
    expect(map.has(productUrl)).toBe(false);
    expect(map.has(`${ORIGIN}/fr/product/${product.slug}`)).toBe(false);
    // Its category has no active product left.
    expect(map.has(categoryUrl)).toBe(false);

    expect((await req('PUT', `/api/v1/products/${other.id}`, admin, { active: true })).statusCode).toBe(200);
    map = await sitemap();
    expect(map.has(`${ORIGIN}/product/${other.slug}`)).toBe(true);
    expect(map.has(categoryUrl)).toBe(true);

    expect((await req('DELETE', `/api/v1/products/${other.id}`, admin)).statusCode).toBe(200);
    map = await sitemap();
    expect(map.has(`${ORIGIN}/product/${other.slug}`)).toBe(false);
    expect(map.has(categoryUrl)).toBe(false);
  });

  it('lists help articles by their slug, which holds only a-z, 0-9 and hyphens whatever the title', async () => {
    const res = await req('POST', '/api/v1/helpcenter', admin, form({ name: `Mats & cables: what's <new>?`, description: 'Everything new.' }));
    expect(res.statusCode).toBe(201);
    const article = res.json();
    const path = `/help/${encodeURIComponent(article.slug)}`;
    expect(path).toBe(`/help/mats-cables-whats-new`);

    const xml = (await req('GET', '/sitemap.xml')).body;
    expect(xml).toContain(`<loc>${ORIGIN}/help/mats-cables-whats-new</loc>`);
    const map = entries(xml);
    expect(map.get(`${ORIGIN}${path}`)?.lastmod).toBe(new Date(article.updated_at).toISOString());
    expect(map.get(`${ORIGIN}/fr${path}`)?.alternates['en-CA']).toBe(`${ORIGIN}${path}`);

    expect((await req('DELETE', `/api/v1/helpcenter/permanent/${article.id}`, admin)).statusCode).toBe(200);
    expect((await sitemap()).has(`${ORIGIN}${path}`)).toBe(false);
  });

  it('lists published courses and leaves drafts out', async () => {
    const [author, doc, assignment] = await Promise.all([makeAuthor(t, admin.auth), makeDoc(t, admin.auth), makeAssignment(t, admin.auth)]);
    const refs = { author: author.id, doc: doc.id, assignment: assignment.id };
    const published = await makeCourse(t, admin.auth, refs);
    const draft = await makeCourse(t, admin.auth, refs, { status: 'draft' });

    let map = await sitemap();
    expect(map.get(`${ORIGIN}/lms/courses/${published.id}`)?.alternates['fr-CA']).toBe(`${ORIGIN}/fr/lms/courses/${published.id}`);
    expect(map.has(`${ORIGIN}/fr/lms/courses/${published.id}`)).toBe(true);
    expect(map.has(`${ORIGIN}/lms/courses/${draft.id}`)).toBe(false);

    expect((await req('DELETE', `/api/v1/courses/permanent/${published.id}`, admin)).statusCode).toBe(200);
    map = await sitemap();
    expect(map.has(`${ORIGIN}/lms/courses/${published.id}`)).toBe(false);
  });

  it('builds its addresses on PUBLIC_URL, with or without a trailing slash', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://www.meltway.ca/' }, sameDatabaseAs: t });
    try {
      const robots = await other.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('Sitemap: https://www.meltway.ca/sitemap.xml\n');
      const map = entries((await other.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
      expect(map.has('https://www.meltway.ca/')).toBe(true);
      expect(map.has('https://www.meltway.ca/fr')).toBe(true);
      expect(map.has('https://www.meltway.ca/fr/helpcenter')).toBe(true);
    } finally {
      await other.close();
    }
  });
});
