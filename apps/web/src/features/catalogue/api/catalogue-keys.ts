import type { z } from 'zod';
import type { ProductListQuery } from '@meltway/shared/catalogue/product.schema';

/** What the storefront asks the product list for (the public always gets active products). */
export type ProductQuery = Partial<
  Pick<z.output<typeof ProductListQuery>, 'q' | 'lang' | 'categoryId' | 'minPrice' | 'maxPrice' | 'sort' | 'order' | 'page' | 'pageSize'>
>;

/** Query keys of the catalogue; invalidate through these only. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  products: (query: ProductQuery) => [...catalogueKeys.all, 'products', query] as const,
  product: (idOrSlug: string) => [...catalogueKeys.all, 'product', idOrSlug] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  category: (id: string) => [...catalogueKeys.all, 'category', id] as const,
  /** The dashboard's tables and forms; under `all`, so any catalogue write refreshes them too. */
  admin: (...parts: unknown[]) => [...catalogueKeys.all, 'admin', ...parts] as const,
};
