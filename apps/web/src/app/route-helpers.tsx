import type { RouteObject } from 'react-router';
import { withQueryClient } from '@/lib/lazy-query-client';

export type PageModule = { default: React.ComponentType };

/**
 * A route whose page is its own chunk, fetched when the route is first entered together with the query
 * client its data needs.
 */
export const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await withQueryClient(load)()).default });

/**
 * The storefront frame and home page: shown without waiting for the query client, which is fetched after
 * the first paint. Whatever in them talks to the API is loaded with `withQueryClient`.
 */
export const shell = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** Routes whose feature is not built yet; the placeholder page is fetched only when one of them is opened. */
export const soon = (path: string, titleKey: string, extra?: Partial<RouteObject>): RouteObject =>
  ({
    path,
    lazy: async () => {
      const { NotAvailablePage } = await import('@/components/not-available-page');
      return { Component: () => <NotAvailablePage titleKey={titleKey} /> };
    },
    ...extra,
  }) as RouteObject;
