import { currentLanguage, type Language } from '@/lib/i18n';
import type { ProductQuery } from '../api/catalogue-keys';

export const PRODUCT_PAGE_SIZE = 12;

export const SORT_OPTIONS = {
  newest: { sort: 'created_at', order: 'desc' },
  priceAsc: { sort: 'price', order: 'asc' },
  priceDesc: { sort: 'price', order: 'desc' },
  name: { sort: 'name', order: 'asc' },
} as const satisfies Record<string, Pick<ProductQuery, 'sort' | 'order'>>;
export type SortKey = keyof typeof SORT_OPTIONS;

const isSortKey = (v: string | null): v is SortKey => !!v && v in SORT_OPTIONS;

/** Dollars typed by a shopper to whole cents for the server; anything else is no filter. */
export function dollarsToCents(value: string | null): number | undefined {
  if (!value) return undefined;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : undefined;
}

/**
 * The list endpoint's query from the page's URL search params (the URL is the state). A search, and a sort by
 * name, name the page's language, whose product names they match and order; otherwise the list is the same in
 * both languages.
 */
export function productQueryFrom(params: URLSearchParams, categoryId?: string, language: Language = currentLanguage()): ProductQuery {
  const sortKey = params.get('sort');
  const page = Number(params.get('page'));
  const min = dollarsToCents(params.get('min'));
  const max = dollarsToCents(params.get('max'));
  const q = params.get('q')?.trim() || undefined;
  const sort = SORT_OPTIONS[isSortKey(sortKey) ? sortKey : 'newest'];
  return {
    q,
    lang: q || sort.sort === 'name' ? language : undefined,
    categoryId: categoryId ?? (params.get('category') || undefined),
    minPrice: min,
    // A reversed range is read as the shopper meant it.
    maxPrice: max !== undefined && min !== undefined && max < min ? undefined : max,
    ...sort,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PRODUCT_PAGE_SIZE,
  };
}

export const sortKeyOf = (params: URLSearchParams): SortKey => {
  const s = params.get('sort');
  return isSortKey(s) ? s : 'newest';
};
