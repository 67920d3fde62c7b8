import type { CourseOut } from '@meltway/shared/academy/course.schema';
import type { ProductOut } from '@meltway/shared/catalogue/product.schema';
import type { FaqOut } from '@meltway/shared/content/faq.schema';
import type { HelpArticleOut } from '@meltway/shared/content/help.schema';
import { absoluteUrl, SITE_NAME } from '@/lib/page-head';
import type { Language } from '@meltway/shared/common/language';

// schema.org JSON-LD for the public pages, built from the API's own shapes. Each builder returns one
// object; the page puts it in PageHead.jsonLd, which writes it into <head>.

type JsonLd = Record<string, unknown>;
/** A text's French beside its English one: null (or absent) where none was written. */
type French = string | null | undefined;

/** The text a page in `lang` shows: the French one where there is one, the English one otherwise. */
const inLang = (en: string, fr: French, lang: Language) => (lang === 'fr' && fr?.trim() ? fr : en);

const CONTEXT = 'https://schema.org';
/** The brand mark served beside the app (apps/web/public). */
const LOGO_PATH = '/favicon.svg';

const home = (origin: string) => absoluteUrl('/', origin);
const provider = (origin: string) => ({ '@type': 'Organization', name: SITE_NAME, url: home(origin) });

/** The business behind the site: its name, home page and logo. */
export function organizationJsonLd(origin: string): JsonLd {
  return { '@context': CONTEXT, '@type': 'Organization', name: SITE_NAME, url: home(origin), logo: absoluteUrl(LOGO_PATH, origin) };
}

/** Integer cents as the decimal string schema.org prices take: 123456 → "1234.56". */
export function decimalPrice(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** Sold only while active and in stock; an inactive product is no longer made. */
function availability(product: Pick<ProductOut, 'active' | 'stock'>) {
  if (!product.active) return 'https://schema.org/Discontinued';
  return product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
}

/**
 * The technical data a product page shows, named in the page's language (the words of
 * locales/{en,fr}/catalogue.json `tech`, which a test holds them to) with UN/CEFACT unit codes.
 */
export const TECH_LABELS = {
  en: { voltage: 'Voltage', watts: 'Power', wattDensity: 'Watt density', length: 'Length', width: 'Width', heatedArea: 'Heated area', current: 'Current' },
  fr: { voltage: 'Tension', watts: 'Puissance', wattDensity: 'Densité de puissance', length: 'Longueur', width: 'Largeur', heatedArea: 'Surface chauffée', current: 'Intensité' },
} as const;

const TECH_FIELDS = [
  ['voltage', 'voltage', 'VLT'],
  ['watts', 'watts', 'WTT'],
  ['wattDensity', 'wattDensity', 'D54'],
  ['lengthM', 'length', 'MTR'],
  ['widthM', 'width', 'MTR'],
  ['heatedAreaM2', 'heatedArea', 'MTK'],
  ['currentA', 'current', 'AMP'],
] as const satisfies readonly [keyof ProductOut, keyof (typeof TECH_LABELS)['en'], string][];

type TechField = (typeof TECH_FIELDS)[number][0];
/** What a product's structured data reads: a ProductOut. */
export type ProductFacts = Pick<ProductOut, 'name' | 'description' | 'sku' | 'price' | 'currency' | 'stock' | 'active' | 'images' | 'brand' | TechField> & {
  nameFr?: French;
  descriptionFr?: French;
  category: { name: string; nameFr?: French } | null;
};

/**
 * A product page: what it is in the page's language, its pictures, and its offer (price in CAD before
 * tax, and whether it is in stock).
 */
export function productJsonLd(product: ProductFacts, { origin, url, lang }: { origin: string; url: string; lang: Language }): JsonLd {
  const images = [...product.images].sort((a, b) => a.position - b.position).map((image) => absoluteUrl(image.url, origin));
  const properties = TECH_FIELDS.filter(([field]) => product[field] !== null).map(([field, label, unitCode]) => ({
    '@type': 'PropertyValue',
    name: TECH_LABELS[lang][label],
    value: product[field],
    unitCode,
  }));
  const description = inLang(product.description, product.descriptionFr, lang);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: inLang(product.name, product.nameFr, lang),
    ...(description.trim() ? { description } : {}),
    sku: product.sku,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    ...(product.category ? { category: inLang(product.category.name, product.category.nameFr, lang) } : {}),
    ...(images.length ? { image: images } : {}),
    ...(properties.length ? { additionalProperty: properties } : {}),
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: decimalPrice(product.price),
      priceCurrency: product.currency,
      availability: availability(product),
      itemCondition: 'https://schema.org/NewCondition',
      seller: provider(origin),
    },
  };
}

/** The trail from the home page to this one; `url`s are absolute. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

/** The help centre's questions, each with its answer, in the page's language. */
export function faqPageJsonLd(faqs: (Pick<FaqOut, 'name' | 'description'> & { nameFr?: French; descriptionFr?: French })[], lang: Language = 'en'): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: inLang(faq.name, faq.nameFr, lang),
      acceptedAnswer: { '@type': 'Answer', text: inLang(faq.description, faq.descriptionFr, lang) },
    })),
  };
}

/** A help article: its title, picture and dates, published by Meltway. */
export function articleJsonLd(
  article: Pick<HelpArticleOut, 'name' | 'image' | 'created_at' | 'updated_at'> & { nameFr?: French },
  { origin, url, lang }: { origin: string; url: string; lang: Language },
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: inLang(article.name, article.nameFr, lang),
    ...(article.image ? { image: [absoluteUrl(article.image, origin)] } : {}),
    datePublished: article.created_at,
    dateModified: article.updated_at,
    inLanguage: lang === 'fr' ? 'fr-CA' : 'en-CA',
    mainEntityOfPage: url,
    author: provider(origin),
    publisher: { ...provider(origin), logo: absoluteUrl(LOGO_PATH, origin) },
  };
}

/** An academy course, given by Meltway, in the page's language (English unless told). */
export function courseJsonLd(
  course: Pick<CourseOut, 'courseTitle' | 'description' | 'coverImage'> & { courseTitleFr?: French; descriptionFr?: French; author?: { name: string } },
  { origin, url, lang = 'en' }: { origin: string; url: string; lang?: Language },
): JsonLd {
  const name = inLang(course.courseTitle, course.courseTitleFr, lang);
  return {
    '@context': CONTEXT,
    '@type': 'Course',
    name,
    // Search engines ask every course for a description: the title stands in for an empty one.
    description: inLang(course.description, course.descriptionFr, lang).trim() || name,
    provider: provider(origin),
    ...(course.author ? { author: { '@type': 'Person', name: course.author.name } } : {}),
    ...(course.coverImage ? { image: [absoluteUrl(course.coverImage, origin)] } : {}),
    url,
  };
}
