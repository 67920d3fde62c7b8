import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import { LazyQueryClientProvider, provideQueryClientFactory } from '@/lib/lazy-query-client';
import { notify, useToasterWanted } from '@/lib/notify';
import { PageFallback } from '@/components/page-fallback';
import { createAppRouter } from './router';

const Toaster = lazy(() => import('@/components/ui/sonner'));

let sessionHandlerSet: Promise<void> = Promise.resolve();

// Every API call waits for the query client, and the client waits for the session handler, so the
// handler is in place before any request can find its session expired.
provideQueryClientFactory(() =>
  Promise.all([import('./query-client'), sessionHandlerSet]).then(([m]) => m.createQueryClient()),
);

function createRouterWithSessionHandler() {
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
  holder.router = createAppRouter();
  return holder.router;
}

export function App() {
  const [router] = useState(createRouterWithSessionHandler);
  const toasterWanted = useToasterWanted();
  return (
    <LazyQueryClientProvider>
      <Suspense fallback={<PageFallback />}>
        <RouterProvider router={router} />
      </Suspense>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </LazyQueryClientProvider>
  );
}
