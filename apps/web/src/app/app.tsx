import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import { LazyQueryClientProvider, provideQueryClientFactory } from '@/lib/lazy-query-client';
import { notify, useToasterWanted } from '@/lib/notify';
import { PageFallback } from '@/components/page-fallback';
import { markTakenOver } from '@/lib/taken-over';
import { createAppRouter, STOREFRONT_ROUTE_ID } from './router';

const Toaster = lazy(() => import('@/components/ui/sonner'));

let sessionHandlerSet: Promise<void> = Promise.resolve();

/**
 * Every API call waits for the query client, and the client waits for the session handler, so the
 * handler is in place before any request can find its session expired. A page the server rendered
 * hands over the data it rendered with, so the client starts with it instead of asking again.
 */
export function provideAppQueryClient(serverState?: unknown) {
  provideQueryClientFactory(() =>
    Promise.all([import('./query-client'), sessionHandlerSet]).then(([m]) => m.createQueryClient(serverState)),
  );
}

export function createRouterWithSessionHandler(options?: Parameters<typeof createAppRouter>[0]) {
  const holder: { router?: ReturnType<typeof createAppRouter> } = {};
  // Set before the router exists: creating it starts loading the first route, which may ask for the client.
  sessionHandlerSet = import('@/lib/api-client').then(({ setSessionExpiredHandler }) =>
    setSessionExpiredHandler(() => {
      const router = holder.router;
      if (!router) return;
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      notify.info(i18n.t('common:session.expired'));
      void router.navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
    }),
  );
  holder.router = createAppRouter(options);
  return holder.router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * What every page is inside besides its providers: the router's pages and, once a message asks for it,
 * the toaster. The server renders pages inside the same frame, so the two trees have the same shape.
 */
export function AppFrame({ children, router }: { children: ReactNode; router?: AppRouter }) {
  const toasterWanted = useToasterWanted();
  // The page is the app's now: its buttons and fields answer (index.css holds them until then). A storefront page the
  // server rendered (the router starts with its routes and data in place) is taken over after the frame, in tasks of
  // its own (StorefrontLayout): it says so itself once it has been. A page the browser renders has nothing to hold.
  useEffect(() => {
    const state = router?.state;
    if (!state?.initialized || !state.matches.some((match) => match.route.id === STOREFRONT_ROUTE_ID)) markTakenOver();
  }, [router]);
  return (
    <>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster router={router} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The app in the browser: the query client (fetched when first needed), the router and the frame. */
export function App({ router }: { router: AppRouter }) {
  return (
    <LazyQueryClientProvider>
      <AppFrame router={router}>
        <RouterProvider router={router} />
      </AppFrame>
    </LazyQueryClientProvider>
  );
}
