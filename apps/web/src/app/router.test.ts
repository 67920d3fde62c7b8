import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { sessionStore, type SessionUser } from '@/lib/session';
import { provideQueryClientFactory } from '@/lib/lazy-query-client';
import { requireStaff } from './dashboard/dashboard-routes';
import { requireSignedIn } from './storefront/storefront-routes';
import { discoverRoutes, ROOT_ROUTE_ID, routes, STOREFRONT_ROUTE_ID } from './router';

const args = (url: string) => ({ request: new Request(`http://localhost${url}`), params: {}, context: {} }) as LoaderFunctionArgs;

function redirectOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('Location') : null;
  }
}

describe('dashboard guard', () => {
  it('sends a signed-out visitor to sign in, remembering the page', () => {
    sessionStore.clear();
    expect(redirectOf(() => requireStaff(args('/dashboard/courses?tab=2')))).toBe('/login?redirect=%2Fdashboard%2Fcourses%3Ftab%3D2');
  });

  it('sends customers and contractors home, and lets admins and dealers in', () => {
    for (const [role, expected] of [
      ['customer', '/'],
      ['contractor', '/'],
      ['admin', null],
      ['dealer', null],
    ] as const) {
      sessionStore.set({ user: { id: 'u', role } as SessionUser, access_token: 'a', refresh_token: 'r' });
      expect(redirectOf(() => requireStaff(args('/dashboard'))), role).toBe(expected);
    }
    sessionStore.clear();
  });
});

describe('my orders guard', () => {
  it('sends a visitor to sign in and back to the order, and lets any signed-in buyer in', () => {
    sessionStore.clear();
    expect(redirectOf(() => requireSignedIn(args('/orders/42?x=1')))).toBe('/login?redirect=%2Forders%2F42%3Fx%3D1');
    sessionStore.set({ user: { id: 'u', role: 'customer' } as SessionUser, access_token: 'a', refresh_token: 'r' });
    expect(redirectOf(() => requireSignedIn(args('/orders')))).toBeNull();
    sessionStore.clear();
  });
});

const pathsOf = (list: RouteObject[]): string[] => list.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);

// Pages wait for the query client, which the app provides.
provideQueryClientFactory(() => import('./query-client').then((m) => m.createQueryClient()));

describe('route discovery', () => {
  it('leaves the dashboard and the academy out of the first route table', () => {
    const paths = pathsOf(routes);
    expect(paths).toEqual(['/']);
    expect(matchRoutes(routes, '/')).not.toBeNull();
    expect(matchRoutes(routes, '/dashboard/products')).toBeNull();
    expect(matchRoutes(routes, '/lms')).toBeNull();
  });

  it('adds the dashboard, the academy or the rest of the storefront when one of their paths is opened', async () => {
    const patched: [string | null, RouteObject[]][] = [];
    const patch = (id: string | null, children: RouteObject[]) => void patched.push([id, children]);
    const call = (path: string) => discoverRoutes({ path, patch, matches: [], fetcherKey: undefined, signal: new AbortController().signal } as never);
    await call('/dashboard/products');
    await call('/LMS');
    expect(patched.map(([id, [route]]) => [id, route?.path])).toEqual([
      [ROOT_ROUTE_ID, '/dashboard'],
      [ROOT_ROUTE_ID, '/lms'],
    ]);
    patched.length = 0;
    await call('/categories/unknown');
    expect(patched.map(([id]) => id)).toEqual([ROOT_ROUTE_ID, STOREFRONT_ROUTE_ID]);
    expect(pathsOf(patched[0]![1])).toContain('/login');
    expect(pathsOf(patched[1]![1])).toEqual(expect.arrayContaining(['categories/:id', '*']));
    expect(pathsOf(patched.flatMap(([, r]) => r)).some((p) => p.startsWith('/dashboard') || p.startsWith('/lms'))).toBe(false);
  });

  it('finds a dashboard deep link on a first load and applies its guard', async () => {
    sessionStore.clear();
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard/products?page=2'], patchRoutesOnNavigation: discoverRoutes });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 10_000 });
    expect(router.state.errors).toBeNull();
    expect(pathsOf(router.routes)).toEqual(expect.arrayContaining(['/dashboard', '/login']));
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fproducts%3Fpage%3D2');
    router.dispose();
  }, 20_000);

  it('still reaches the storefront pages and its not-found page', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'], patchRoutesOnNavigation: discoverRoutes });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 10_000 });
    await router.navigate('/no-such-page');
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
    expect(router.state.matches.map((m) => m.route.id)).toContain(STOREFRONT_ROUTE_ID);
    await router.navigate('/lms');
    expect(router.state.matches.at(-1)?.route.index).toBe(true);
    expect(router.state.matches.some((m) => m.route.path === '/lms')).toBe(true);
    router.dispose();
  });
});
