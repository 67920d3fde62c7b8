import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/session';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { withQueryClient } from '@/lib/lazy-query-client';
import { PageFallback } from '@/components/page-fallback';
import { TakenOver } from '@/lib/taken-over';

// Only signed-in people have a server cart to merge into and count from.
const CartSync = lazy(withQueryClient(() => import('@/features/cart-checkout/cart-sync')));

export default function StorefrontLayout() {
  const { t } = useTranslation();
  const signedIn = !!useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('actions.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {/* The page is a boundary of its own: on a page the server rendered, React takes over the frame first and
            the page in later tasks, rather than both in one long task; a page whose words are still loading spins
            here, under a header that stays. Its buttons answer once it is taken over (TakenOver). */}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <TakenOver />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
      {signedIn ? (
        <Suspense fallback={null}>
          <CartSync />
        </Suspense>
      ) : null}
    </div>
  );
}
