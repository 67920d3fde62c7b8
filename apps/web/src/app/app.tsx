import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify, useToasterWanted } from '@/lib/notify';
import { PageFallback } from '@/components/page-fallback';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const Toaster = lazy(() => import('@/components/ui/sonner'));

function createRouterWithSessionHandler() {
  const router = createAppRouter();
  setSessionExpiredHandler(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/login') return;
    notify.info(i18n.t('common:session.expired'));
    void router.navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`);
  });
  return router;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouterWithSessionHandler);
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageFallback />}>
        <RouterProvider router={router} />
      </Suspense>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
