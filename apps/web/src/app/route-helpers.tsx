import type { RouteObject } from 'react-router';
import { withQueryClient } from '@/lib/lazy-query-client';

/** What the server reads of a route: whether it renders the page in full, and whether it is the not-found page. */
export type RenderHandle = { public?: boolean; notFound?: boolean; live?: boolean };

/** A public page: the server sends it as complete HTML with its data. */
export const PUBLIC: RenderHandle = { public: true };
/** A public page rendered for every request, never kept: what it shows must be current (a certificate's validity). */
export const PUBLIC_LIVE: RenderHandle = { public: true, live: true };
/** The catch-all page: the server renders it with a 404 status. */
export const NOT_FOUND: RenderHandle = { public: true, notFound: true };

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
