import { describe, expect, it } from 'vitest';
import enCatalogue from '../locales/en/catalogue.json';
import frCatalogue from '../locales/fr/catalogue.json';
import {
  articleJsonLd,
  breadcrumbJsonLd,
  courseJsonLd,
  decimalPrice,
  faqPageJsonLd,
  organizationJsonLd,
  productJsonLd,
  TECH_LABELS,
  type ProductFacts,
} from './structured-data';
import type { Language } from '@meltway/shared/common/language';

const ORIGIN = 'https://shop.meltway.ca';
const URL_EN = `${ORIGIN}/product/mat-0-6-3-m`;

const product: ProductFacts = {
  name: 'Mat 0.6 × 3 m',
  nameFr: 'Tapis 0,6 × 3 m',
  sku: 'MW-MAT-0603',
  description: 'A heated mat for driveways.',
  descriptionFr: null,
  price: 123456,
  currency: 'CAD',
  category: { name: 'Mats', nameFr: 'Tapis' },
  brand: { id: '4b1e4c43-8d0d-4d32-9a55-7f1f0c2d1a03', name: 'Meltway Pro' },
  stock: 7,
  active: true,
  voltage: 240,
  watts: 720,
  wattDensity: 400,
  lengthM: 3,
  widthM: 0.6,
  heatedAreaM2: 1.8,
  currentA: 3,
  images: [
    { id: '4b1e4c43-8d0d-4d32-9a55-7f1f0c2d1a05', url: '/uploads/products/second.webp', position: 1 },
    { id: '4b1e4c43-8d0d-4d32-9a55-7f1f0c2d1a04', url: '/uploads/products/first.webp', position: 0 },
  ],
};

describe('decimalPrice', () => {
  it('turns integer cents into a decimal string with two places', () => {
    expect(decimalPrice(123456)).toBe('1234.56');
    expect(decimalPrice(5)).toBe('0.05');
    expect(decimalPrice(100)).toBe('1.00');
    expect(decimalPrice(0)).toBe('0.00');
    expect(decimalPrice(100_000_000)).toBe('1000000.00');
  });
});

describe('productJsonLd', () => {
  it('describes the product and its offer in Canadian dollars', () => {
    const data = productJsonLd(product, { origin: ORIGIN, url: URL_EN, lang: 'en' });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Mat 0.6 × 3 m',
      description: 'A heated mat for driveways.',
      sku: 'MW-MAT-0603',
      brand: { '@type': 'Brand', name: 'Meltway Pro' },
      category: 'Mats',
      url: URL_EN,
      offers: {
        '@type': 'Offer',
        url: URL_EN,
        price: '1234.56',
        priceCurrency: 'CAD',
        availability: 'https://schema.org/InStock',
      },
    });
    // Absolute addresses, in the order the product shows them.
    expect(data.image).toEqual([`${ORIGIN}/uploads/products/first.webp`, `${ORIGIN}/uploads/products/second.webp`]);
  });

  it('says out of stock when none are left, and discontinued when the product is no longer sold', () => {
    const offer = (p: ProductFacts) => (productJsonLd(p, { origin: ORIGIN, url: URL_EN, lang: 'en' }).offers as { availability: string }).availability;
    expect(offer({ ...product, stock: 0 })).toBe('https://schema.org/OutOfStock');
    expect(offer({ ...product, stock: 1 })).toBe('https://schema.org/InStock');
    expect(offer({ ...product, active: false })).toBe('https://schema.org/Discontinued');
  });

  it('leaves out what the product does not have', () => {
    const bare = productJsonLd(
      { ...product, description: '  ', brand: null, category: null, images: [], voltage: null, watts: null, wattDensity: null, lengthM: null, widthM: null, heatedAreaM2: null, currentA: null },
      { origin: ORIGIN, url: URL_EN, lang: 'en' },
    );
    for (const key of ['description', 'brand', 'category', 'image', 'additionalProperty']) expect(bare).not.toHaveProperty(key);
  });

  it("names the product in the page's language, the English text standing in where there is no French", () => {
    const fr = productJsonLd(product, { origin: ORIGIN, url: `${ORIGIN}/fr/product/mat-0-6-3-m`, lang: 'fr' });
    expect(fr).toMatchObject({ name: 'Tapis 0,6 × 3 m', description: 'A heated mat for driveways.', category: 'Tapis', url: `${ORIGIN}/fr/product/mat-0-6-3-m` });
    expect(productJsonLd({ ...product, descriptionFr: 'Un tapis chauffant.' }, { origin: ORIGIN, url: URL_EN, lang: 'fr' }).description).toBe('Un tapis chauffant.');
    expect(productJsonLd({ ...product, nameFr: ' ' }, { origin: ORIGIN, url: URL_EN, lang: 'fr' }).name).toBe('Mat 0.6 × 3 m');
    expect(productJsonLd(product, { origin: ORIGIN, url: URL_EN, lang: 'en' })).toMatchObject({ name: 'Mat 0.6 × 3 m', category: 'Mats' });
  });

  it("names the technical data in the page's language, with units", () => {
    const names = (lang: Language) =>
      (productJsonLd(product, { origin: ORIGIN, url: URL_EN, lang }).additionalProperty as { name: string; value: number; unitCode: string }[]);
    expect(names('en')).toContainEqual({ '@type': 'PropertyValue', name: 'Voltage', value: 240, unitCode: 'VLT' });
    expect(names('en')).toContainEqual({ '@type': 'PropertyValue', name: 'Watt density', value: 400, unitCode: 'D54' });
    expect(names('fr')).toContainEqual({ '@type': 'PropertyValue', name: 'Tension', value: 240, unitCode: 'VLT' });
    expect(names('fr')).toContainEqual({ '@type': 'PropertyValue', name: 'Surface chauffée', value: 1.8, unitCode: 'MTK' });
    expect(names('fr')).toHaveLength(7);
  });

  it('uses the words the product page shows', () => {
    expect(TECH_LABELS.en).toEqual(Object.fromEntries(Object.keys(TECH_LABELS.en).map((k) => [k, (enCatalogue.tech as Record<string, string>)[k]])));
    expect(TECH_LABELS.fr).toEqual(Object.fromEntries(Object.keys(TECH_LABELS.fr).map((k) => [k, (frCatalogue.tech as Record<string, string>)[k]])));
  });
});

describe('organizationJsonLd', () => {
  it('names Meltway with its home page and logo', () => {
    expect(organizationJsonLd(`${ORIGIN}/`)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Meltway',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/favicon.svg`,
    });
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Home', url: `${ORIGIN}/` },
        { name: 'Mats', url: `${ORIGIN}/categories/abc` },
        { name: 'Mat 0.6 × 3 m', url: URL_EN },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
        { '@type': 'ListItem', position: 2, name: 'Mats', item: `${ORIGIN}/categories/abc` },
        { '@type': 'ListItem', position: 3, name: 'Mat 0.6 × 3 m', item: URL_EN },
      ],
    });
  });
});

describe('faqPageJsonLd', () => {
  it('gives each question its answer', () => {
    expect(faqPageJsonLd([{ name: 'How thick is a mat?', description: 'About 6 mm.' }, { name: 'Can I cut a mat?', description: 'No.' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'How thick is a mat?', acceptedAnswer: { '@type': 'Answer', text: 'About 6 mm.' } },
        { '@type': 'Question', name: 'Can I cut a mat?', acceptedAnswer: { '@type': 'Answer', text: 'No.' } },
      ],
    });
  });
});

describe('faqPageJsonLd in French', () => {
  it('uses the French question and answer where there is one', () => {
    const data = faqPageJsonLd([{ name: 'Can I cut a mat?', nameFr: 'Puis-je couper un tapis?', description: 'No.', descriptionFr: null }], 'fr');
    expect(data.mainEntity).toEqual([{ '@type': 'Question', name: 'Puis-je couper un tapis?', acceptedAnswer: { '@type': 'Answer', text: 'No.' } }]);
  });
});

describe('courseJsonLd', () => {
  const course = { courseTitle: 'Installing heated driveway mats', description: 'Plan, lay and test a mat.', coverImage: '/uploads/courses/cover.webp', author: { name: 'Ana Roy' } };

  it('names the course, Meltway as its provider, and its cover', () => {
    expect(courseJsonLd(course, { origin: ORIGIN, url: `${ORIGIN}/lms/courses/abc` })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Installing heated driveway mats',
      description: 'Plan, lay and test a mat.',
      provider: { '@type': 'Organization', name: 'Meltway', url: `${ORIGIN}/` },
      author: { '@type': 'Person', name: 'Ana Roy' },
      image: [`${ORIGIN}/uploads/courses/cover.webp`],
      url: `${ORIGIN}/lms/courses/abc`,
    });
  });

  it('names a French page\'s course in French', () => {
    const data = courseJsonLd({ ...course, courseTitleFr: 'Poser des tapis chauffants', descriptionFr: null }, { origin: ORIGIN, url: `${ORIGIN}/fr/lms/courses/abc`, lang: 'fr' });
    expect(data).toMatchObject({ name: 'Poser des tapis chauffants', description: 'Plan, lay and test a mat.' });
  });

  it('falls back to the title for an empty description and leaves out a missing cover', () => {
    const data = courseJsonLd({ ...course, description: '', coverImage: null, author: undefined }, { origin: ORIGIN, url: `${ORIGIN}/lms/courses/abc` });
    expect(data.description).toBe('Installing heated driveway mats');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('author');
  });
});

describe('articleJsonLd', () => {
  it('dates the article and names its language and publisher', () => {
    const data = articleJsonLd(
      { name: 'Sizing a mat', nameFr: 'Choisir un tapis', image: '/uploads/help/a.webp', created_at: '2026-01-02T03:04:05.000Z', updated_at: '2026-02-02T03:04:05.000Z' },
      { origin: ORIGIN, url: `${ORIGIN}/fr/help/sizing-a-mat`, lang: 'fr' },
    );
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: 'Choisir un tapis',
      image: [`${ORIGIN}/uploads/help/a.webp`],
      datePublished: '2026-01-02T03:04:05.000Z',
      dateModified: '2026-02-02T03:04:05.000Z',
      inLanguage: 'fr-CA',
      mainEntityOfPage: `${ORIGIN}/fr/help/sizing-a-mat`,
      publisher: { '@type': 'Organization', name: 'Meltway', logo: `${ORIGIN}/favicon.svg` },
    });
  });
});
