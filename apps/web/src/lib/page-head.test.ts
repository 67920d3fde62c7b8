import { describe, expect, it } from 'vitest';
import { absoluteUrl, documentTitle, headTags, type PageHead } from './page-head';

const ORIGIN = 'https://shop.meltway.ca';

/** The tags as a browser parses them, so attribute values are read back unescaped. */
function parse(html: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
  const content = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content') ?? null;
  const href = (selector: string) => doc.head.querySelector(selector)?.getAttribute('href') ?? null;
  return { doc, content, href };
}

const product: PageHead = {
  title: 'Heated mat 0.6 × 3 m',
  description: 'A 240 V mat for driveways.',
  path: '/product/heated-mat-0-6-3-m',
  lang: 'en',
  image: '/uploads/products/mat.webp',
  type: 'product',
};

describe('headTags', () => {
  it('writes the title, description, canonical address and both languages', () => {
    const { doc, content, href } = parse(headTags(product, ORIGIN));
    expect(doc.title).toBe('Heated mat 0.6 × 3 m · Meltway');
    expect(content('meta[name="description"]')).toBe('A 240 V mat for driveways.');
    expect(href('link[rel="canonical"]')).toBe('https://shop.meltway.ca/product/heated-mat-0-6-3-m');
    expect(href('link[hreflang="en-CA"]')).toBe('https://shop.meltway.ca/product/heated-mat-0-6-3-m');
    expect(href('link[hreflang="fr-CA"]')).toBe('https://shop.meltway.ca/fr/product/heated-mat-0-6-3-m');
    expect(href('link[hreflang="x-default"]')).toBe('https://shop.meltway.ca/product/heated-mat-0-6-3-m');
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('gives a French page its own canonical address and locale', () => {
    const { content, href } = parse(headTags({ ...product, lang: 'fr', path: '/' }, `${ORIGIN}/`));
    expect(href('link[rel="canonical"]')).toBe('https://shop.meltway.ca/fr');
    expect(href('link[hreflang="en-CA"]')).toBe('https://shop.meltway.ca/');
    expect(href('link[hreflang="x-default"]')).toBe('https://shop.meltway.ca/');
    expect(content('meta[property="og:url"]')).toBe('https://shop.meltway.ca/fr');
    expect(content('meta[property="og:locale"]')).toBe('fr_CA');
    expect(content('meta[property="og:locale:alternate"]')).toBe('en_CA');
  });

  it('writes Open Graph and a large Twitter card with an absolute image', () => {
    const { content } = parse(headTags(product, ORIGIN));
    expect(content('meta[property="og:title"]')).toBe('Heated mat 0.6 × 3 m');
    expect(content('meta[property="og:description"]')).toBe('A 240 V mat for driveways.');
    expect(content('meta[property="og:url"]')).toBe('https://shop.meltway.ca/product/heated-mat-0-6-3-m');
    expect(content('meta[property="og:type"]')).toBe('product');
    expect(content('meta[property="og:image"]')).toBe('https://shop.meltway.ca/uploads/products/mat.webp');
    expect(content('meta[property="og:site_name"]')).toBe('Meltway');
    expect(content('meta[property="og:locale"]')).toBe('en_CA');
    expect(content('meta[property="og:locale:alternate"]')).toBe('fr_CA');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(content('meta[name="twitter:title"]')).toBe('Heated mat 0.6 × 3 m');
    expect(content('meta[name="twitter:description"]')).toBe('A 240 V mat for driveways.');
    expect(content('meta[name="twitter:image"]')).toBe('https://shop.meltway.ca/uploads/products/mat.webp');
  });

  it('keeps an absolute image as it is, and gives a page without one a small card and no image tags', () => {
    expect(parse(headTags({ ...product, image: 'https://cdn.example.com/a.png' }, ORIGIN)).content('meta[property="og:image"]')).toBe('https://cdn.example.com/a.png');
    const { doc, content } = parse(headTags({ title: 'Help centre', path: '/helpcenter', lang: 'en' }, ORIGIN));
    expect(content('meta[name="twitter:card"]')).toBe('summary');
    expect(content('meta[property="og:type"]')).toBe('website');
    expect(doc.head.querySelector('meta[property="og:image"], meta[name="twitter:image"]')).toBeNull();
    expect(doc.head.querySelector('meta[name="description"], meta[property="og:description"]')).toBeNull();
  });

  it('keeps a noindex page out of search results without naming a canonical address', () => {
    const { doc, content } = parse(headTags({ title: 'Certificate', path: '/verify/abc', lang: 'en', noindex: true }, ORIGIN));
    expect(content('meta[name="robots"]')).toBe('noindex');
    expect(doc.head.querySelector('link[rel="canonical"], link[rel="alternate"]')).toBeNull();
  });

  it('titles a page without its own title with the site name alone', () => {
    expect(documentTitle('')).toBe('Meltway');
    expect(documentTitle('Meltway')).toBe('Meltway');
    expect(documentTitle('About')).toBe('About · Meltway');
  });

  it('escapes every attribute and the title', () => {
    const evil = `"><script>alert(1)</script><x a='`;
    const html = headTags({ title: `Tom & Jerry </title><script>x()</script>`, description: evil, path: '/help/a"b', lang: 'en', image: `/uploads/"x".png` }, ORIGIN);
    const { doc, content } = parse(html);
    expect(doc.head.querySelectorAll('script')).toHaveLength(0);
    expect(doc.title).toBe('Tom & Jerry </title><script>x()</script> · Meltway');
    expect(content('meta[name="description"]')).toBe(evil);
    expect(content('meta[property="og:title"]')).toBe('Tom & Jerry </title><script>x()</script>');
    // Every tag written is one of ours: nothing broke out into a tag of its own.
    for (const el of doc.head.children) expect(el.hasAttribute('data-head')).toBe(true);
    expect(html).not.toContain('<script>');
  });

  it('writes each structured-data object in a script that text cannot close', () => {
    const data = [
      { '@type': 'Product', name: 'Mat </script><script>alert(1)</script>', description: 'a <!-- b --> & c' },
      { '@type': 'BreadcrumbList', itemListElement: [] },
    ];
    const html = headTags({ ...product, jsonLd: data }, ORIGIN);
    const { doc } = parse(html);
    const scripts = [...doc.head.querySelectorAll('script[type="application/ld+json"]')];
    expect(scripts).toHaveLength(2);
    expect(scripts.map((s) => JSON.parse(s.textContent!))).toEqual(data);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(scripts[0]!.textContent).toContain('\\u003c/script\\u003e');
  });

  it('marks every tag it writes', () => {
    const { doc } = parse(headTags({ ...product, jsonLd: [{ '@type': 'Thing' }], noindex: true }, ORIGIN));
    expect(doc.head.children.length).toBeGreaterThan(10);
    for (const el of doc.head.children) expect(el.hasAttribute('data-head')).toBe(true);
  });
});

describe('absoluteUrl', () => {
  it('resolves root-relative paths on the origin, with or without its trailing slash', () => {
    expect(absoluteUrl('/uploads/a b.png', ORIGIN)).toBe('https://shop.meltway.ca/uploads/a%20b.png');
    expect(absoluteUrl('/uploads/a.png', `${ORIGIN}/`)).toBe('https://shop.meltway.ca/uploads/a.png');
    expect(absoluteUrl('http://other.example/a.png', ORIGIN)).toBe('http://other.example/a.png');
  });
});
