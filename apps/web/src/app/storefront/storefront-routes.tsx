import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { pathWithoutLanguage } from '@/lib/i18n';
import { sessionStore } from '@/lib/session';
import { NOT_FOUND, page, PUBLIC, PUBLIC_LIVE } from '../route-helpers';

/** Pages of one's own orders: a visitor signs in first and comes back. */
export function requireSignedIn({ request }: LoaderFunctionArgs) {
  if (sessionStore.get()?.user) return null;
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(pathWithoutLanguage(url.pathname) + url.search)}`);
}

/**
 * A help article's loader, with its module: the schemas it checks a slug with come with a help article, not with
 * every storefront page that loads these routes (a product page takes itself over without them).
 */
const helpArticleLoader = async (args: LoaderFunctionArgs) => (await import('@/features/content/api/help')).helpArticleLoader(args);

/** What a redirecting route shows: nothing, as it never renders (a route without a page draws a warning). */
const Nothing = () => null;

/** Routes under the root besides the storefront frame: old addresses and the sign-in pages. */
export const rootRoutes: RouteObject[] = [
  // Old addresses: the server answers them with a permanent redirect, the browser's router with a redirect.
  { path: '/academy', handle: PUBLIC, loader: () => redirect('/lms', 301), Component: Nothing },
  { path: '/shop', handle: PUBLIC, loader: () => redirect('/categories', 301), Component: Nothing },
  {
    lazy: page(() => import('../auth/auth-layout')),
    children: [
      { path: '/login', lazy: page(() => import('@/features/accounts/pages/login-page')) },
      { path: '/reset', lazy: page(() => import('@/features/accounts/pages/reset-page')) },
      { path: '/register', lazy: page(() => import('@/features/accounts/pages/register-page')) },
    ],
  },
];

/** The storefront's pages besides the home page, inside its frame. */
export const storefrontPages: RouteObject[] = [
  { path: 'categories', handle: PUBLIC, lazy: page(() => import('@/features/catalogue/pages/categories-page')) },
  { path: 'categories/:id', handle: PUBLIC, lazy: page(() => import('@/features/catalogue/pages/products-page')) },
  { path: 'product/:id', handle: PUBLIC, lazy: page(() => import('./product-route')) },
  { path: 'products', handle: PUBLIC, lazy: page(() => import('@/features/catalogue/pages/products-page')) },
  { path: 'cart', lazy: page(() => import('@/features/cart-checkout/pages/cart-page')) },
  { path: 'checkout', lazy: page(() => import('./checkout-route')) },
  { path: 'checkout/:id', loader: requireSignedIn, lazy: page(() => import('@/features/cart-checkout/pages/checkout-resume-page')) },
  { path: 'thank-you', lazy: page(() => import('@/features/cart-checkout/pages/thank-you-page')) },
  // A guest's way back to an order: the signed link of its mails, and the page that mails the link again.
  { path: 'orders/view/:token', lazy: page(() => import('@/features/orders/pages/order-link-page')) },
  { path: 'orders/lookup', lazy: page(() => import('@/features/orders/pages/order-lookup-page')) },
  { path: 'orders', loader: requireSignedIn, lazy: page(() => import('@/features/orders/pages/orders-page')) },
  { path: 'orders/:id', loader: requireSignedIn, lazy: page(() => import('@/features/orders/pages/order-page')) },
  { path: 'helpcenter', handle: PUBLIC, lazy: page(() => import('@/features/content/pages/help-center-page')) },
  { path: 'help/:slug', handle: PUBLIC, loader: helpArticleLoader, lazy: page(() => import('@/features/content/pages/help-article-page')) },
  { path: 'certification', loader: requireSignedIn, lazy: page(() => import('@/features/academy/pages/my-certifications-page')) },
  { path: 'verify/:id', handle: PUBLIC_LIVE, lazy: page(() => import('@/features/academy/pages/verify-page')) },
  { path: 'about', handle: PUBLIC, lazy: page(() => import('./about-page')) },
  { path: 'newsletter/confirm', lazy: page(() => import('@/features/content/pages/newsletter-confirm-page')) },
  { path: 'newsletter/unsubscribe', lazy: page(() => import('@/features/content/pages/newsletter-unsubscribe-page')) },
  { path: 'installers', handle: PUBLIC_LIVE, lazy: page(() => import('@/features/installers/pages/installers-page')) },
  { path: 'layout-generator', handle: PUBLIC, lazy: page(() => import('./layout-generator-route')) },
  { path: 'layout-generator/projects', loader: requireSignedIn, lazy: page(() => import('@/features/design/pages/projects-page')) },
  { path: 'layout-generator/projects/:id', loader: requireSignedIn, lazy: page(() => import('./project-route')) },
  { path: '*', handle: NOT_FOUND, lazy: page(() => import('@/components/not-found-page')) },
];
