import { createBrowserRouter, matchRoutes, type HydrationState, type NonIndexRouteObject, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { PageFallback } from '@/components/page-fallback';
import { basenameFor, languageOfPath, pathWithoutLanguage } from '@/lib/i18n';
import { whenIdleAfterLoad } from '@/lib/when-idle';
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
        children: [{ index: true, handle: { public: true }, lazy: shell(() => import('./storefront/home-page')) }],
      },
    ],
  },
];

/** A route tree fetched when first needed: routes under the root, and pages inside the storefront frame. */
export type RouteTree = { root: RouteObject[]; storefront: RouteObject[] };

const loadStorefrontRoutes = () => import('./storefront/storefront-routes');

/** Route trees by the first segment of the paths they serve; the storefront's takes the rest. */
const TREES: Record<string, () => Promise<RouteTree>> = {
  dashboard: async () => ({ root: [(await import('./dashboard/dashboard-routes')).dashboardRoute], storefront: [] }),
  lms: async () => ({ root: [(await import('./lms/lms-routes')).lmsRoute], storefront: [] }),
};

const storefrontTree = async (): Promise<RouteTree> => {
  const { rootRoutes, storefrontPages } = await loadStorefrontRoutes();
  return { root: rootRoutes, storefront: storefrontPages };
};

/** The tree that serves a path (without its language prefix). */
function loadTreeFor(path: string): Promise<RouteTree> {
  const segment = path.split(/[/?#]/)[1]?.toLowerCase() ?? '';
  return Object.hasOwn(TREES, segment) ? TREES[segment]!() : storefrontTree();
}

/** Every tree: what the server renders from. */
export const loadAllTrees = () => Promise.all([storefrontTree(), ...Object.values(TREES).map((load) => load())]);

/** The starting table with `trees` in place, as the router would hold them once it had discovered them. */
export function routesWith(trees: RouteTree[]): RouteObject[] {
  const [root] = routes as [NonIndexRouteObject];
  const [storefront] = root.children as [NonIndexRouteObject];
  return [
    {
      ...root,
      children: [
        { ...storefront, children: [...(storefront.children ?? []), ...trees.flatMap((tree) => tree.storefront)] },
        ...trees.flatMap((tree) => tree.root),
      ],
    },
  ];
}

/**
 * Called by the router when a path matches nothing, or only a catch-all: adds the dashboard's, the
 * academy's or the rest of the storefront's routes. The router skips a route it already holds.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  // The router names the path with its basename (`/fr/lms/home`): the tree is the same in both languages.
  const tree = await loadTreeFor(pathWithoutLanguage(path));
  patch(ROOT_ROUTE_ID, tree.root);
  if (tree.storefront.length) patch(STOREFRONT_ROUTE_ID, tree.storefront);
};

/** Once the first view is up and the browser is idle, the storefront's routes are fetched so the first click does not wait for them. */
function prefetchStorefrontRoutes() {
  whenIdleAfterLoad(() => void loadStorefrontRoutes().catch(() => undefined));
}

/**
 * The routes a page the server rendered needs, with their code loaded: the router must start with the
 * same matches the server had, or it would show its fallback over the server's HTML while it looked.
 */
export async function routesForHydration(location: Pick<Location, 'pathname'>): Promise<RouteObject[]> {
  const language = languageOfPath(location.pathname);
  const table = routesWith([await loadTreeFor(pathWithoutLanguage(location.pathname))]);
  const matches = matchRoutes(table, location.pathname, basenameFor(language)) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return table;
}

export function createAppRouter(options: { routes?: RouteObject[]; hydrationData?: HydrationState } = {}) {
  const basename = basenameFor(languageOfPath(window.location.pathname));
  const router = createBrowserRouter(options.routes ?? routes, {
    basename,
    hydrationData: options.hydrationData,
    patchRoutesOnNavigation: discoverRoutes,
  });
  prefetchStorefrontRoutes();
  return router;
}
