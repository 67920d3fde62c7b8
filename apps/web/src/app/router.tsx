import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { PageFallback } from '@/components/page-fallback';
import { shell } from './route-helpers';

export const ROOT_ROUTE_ID = 'root';
export const STOREFRONT_ROUTE_ID = 'storefront';

/**
 * The route table a visitor starts with: the storefront frame and its home page. Every other route is
 * added by `discoverRoutes` the first time a path needs it, so the first download carries none of them.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    errorElement: <RouteError />,
    HydrateFallback: PageFallback,
    children: [
      {
        id: STOREFRONT_ROUTE_ID,
        path: '/',
        lazy: shell(() => import('./storefront/storefront-layout')),
        children: [{ index: true, lazy: shell(() => import('./storefront/home-page')) }],
      },
    ],
  },
];

const loadStorefrontRoutes = () => import('./storefront/storefront-routes');

type Patch = Parameters<PatchRoutesOnNavigationFunction>[0]['patch'];

/** Route trees fetched on navigation, by the first segment of the paths they serve; the storefront's takes the rest. */
const DISCOVERABLE: Record<string, (patch: Patch) => Promise<void>> = {
  dashboard: async (patch) => patch(ROOT_ROUTE_ID, [(await import('./dashboard/dashboard-routes')).dashboardRoute]),
  lms: async (patch) => patch(ROOT_ROUTE_ID, [(await import('./lms/lms-routes')).lmsRoute]),
};

async function patchStorefront(patch: Patch) {
  const { rootRoutes, storefrontPages } = await loadStorefrontRoutes();
  patch(ROOT_ROUTE_ID, rootRoutes);
  patch(STOREFRONT_ROUTE_ID, storefrontPages);
}

/**
 * Called by the router when a path matches nothing, or only a catch-all: adds the dashboard's, the
 * academy's or the rest of the storefront's routes. The router skips a route it already holds.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const segment = path.split(/[/?#]/)[1]?.toLowerCase() ?? '';
  await (Object.hasOwn(DISCOVERABLE, segment) ? DISCOVERABLE[segment]! : patchStorefront)(patch);
};

/** Once the first view is up and the browser is idle, the storefront's routes are fetched so the first click does not wait for them. */
function prefetchStorefrontRoutes() {
  const prefetch = () => void loadStorefrontRoutes().catch(() => undefined);
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(prefetch) : setTimeout(prefetch, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export function createAppRouter() {
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation: discoverRoutes });
  prefetchStorefrontRoutes();
  return router;
}
