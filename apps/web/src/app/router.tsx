import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isStaff, sessionStore } from '@/lib/session';
import { NotAvailablePage } from '@/components/not-available-page';
import { RouteError } from '@/components/route-error';
import { PageFallback } from '@/components/page-fallback';
import { dashboardHandle } from './dashboard/dashboard-access';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const soon = (path: string, titleKey: string, extra?: Partial<RouteObject>): RouteObject =>
  ({ path, element: <NotAvailablePage titleKey={titleKey} />, ...extra }) as RouteObject;

/** Signed-out visitors go to sign in and come back; shoppers and contractors have no dashboard. */
export function requireStaff({ request }: LoaderFunctionArgs) {
  const user = sessionStore.get()?.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!isStaff(user)) throw redirect('/');
  return null;
}

function dashboardSoon(path: string, titleKey: string): RouteObject {
  return soon(path, `dashboard:pages.${titleKey}`, { handle: dashboardHandle(path) });
}

function dashboardPage(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: page(load), handle: dashboardHandle(path) };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: PageFallback,
    children: [
      { path: '/academy', loader: () => redirect('/lms') },
      { path: '/shop', loader: () => redirect('/categories') },
      {
        lazy: page(() => import('./auth/auth-layout')),
        children: [
          { path: '/login', lazy: page(() => import('@/features/accounts/pages/login-page')) },
          { path: '/reset', lazy: page(() => import('@/features/accounts/pages/reset-page')) },
          { path: '/register', lazy: page(() => import('@/features/accounts/pages/register-page')) },
        ],
      },
      {
        path: '/',
        lazy: page(() => import('./storefront/storefront-layout')),
        children: [
          { index: true, lazy: page(() => import('./storefront/home-page')) },
          { path: 'categories', lazy: page(() => import('@/features/catalogue/pages/categories-page')) },
          { path: 'categories/:id', lazy: page(() => import('@/features/catalogue/pages/products-page')) },
          { path: 'product/:id', lazy: page(() => import('./storefront/product-route')) },
          { path: 'products', lazy: page(() => import('@/features/catalogue/pages/products-page')) },
          { path: 'cart', lazy: page(() => import('@/features/commerce/pages/cart-page')) },
          soon('checkout', 'storefront:pages.checkout'),
          soon('checkout/:id', 'storefront:pages.order'),
          soon('thank-you', 'storefront:pages.thankYou'),
          { path: 'helpcenter', lazy: page(() => import('@/features/content/pages/help-center-page')) },
          { path: 'help/:slug', lazy: page(() => import('@/features/content/pages/help-article-page')) },
          soon('certification', 'storefront:pages.certifications'),
          { path: 'about', lazy: page(() => import('./storefront/about-page')) },
          { path: 'newsletter/confirm', lazy: page(() => import('@/features/content/pages/newsletter-confirm-page')) },
          { path: 'newsletter/unsubscribe', lazy: page(() => import('@/features/content/pages/newsletter-unsubscribe-page')) },
          soon('layout-generator', 'storefront:pages.layoutGenerator'),
          { path: '*', lazy: page(() => import('@/components/not-found-page')) },
        ],
      },
      {
        path: '/lms',
        lazy: page(() => import('./lms/lms-layout')),
        children: [
          { index: true, lazy: page(() => import('./lms/catalogue-page')) },
          soon('courses/:id', 'lms:pages.courseDetails'),
          soon('course/:id', 'lms:pages.coursePlayer'),
          soon('course', 'lms:pages.coursePlayer'),
          soon('assignment', 'lms:pages.assignment'),
          soon('home', 'lms:pages.learnerHome'),
          { path: '*', lazy: page(() => import('@/components/not-found-page')) },
        ],
      },
      {
        path: '/dashboard',
        loader: requireStaff,
        lazy: page(() => import('./dashboard/dashboard-layout')),
        children: [
          { index: true, lazy: page(() => import('./dashboard/dashboard-home-page')), handle: dashboardHandle('') },
          dashboardPage('admins', () => import('@/features/accounts/pages/admins-page')),
          dashboardPage('admins/roles', () => import('@/features/accounts/pages/roles-page')),
          dashboardPage('categories', () => import('@/features/catalogue/pages/admin-categories-page')),
          dashboardPage('brands', () => import('@/features/catalogue/pages/admin-brands-page')),
          dashboardPage('customers', () => import('@/features/accounts/pages/contractors-page')),
          dashboardPage('customers/details', () => import('@/features/accounts/pages/contractor-details-page')),
          dashboardSoon('order-management', 'orders'),
          dashboardPage('products', () => import('@/features/catalogue/pages/admin-products-page')),
          dashboardSoon('coupons', 'coupons'),
          dashboardPage('suppliers', () => import('@/features/catalogue/pages/admin-suppliers-page')),
          dashboardSoon('transactions', 'transactions'),
          dashboardPage('courses', () => import('@/features/academy/pages/courses-page')),
          dashboardPage('courses/add', () => import('@/features/academy/pages/course-builder-page')),
          dashboardPage('courses/:courseId', () => import('@/features/academy/pages/course-builder-page')),
          dashboardSoon('students', 'students'),
          dashboardSoon('student-certification', 'studentCertification'),
          dashboardPage('author', () => import('@/features/academy/pages/authors-page')),
          dashboardPage('comments', () => import('@/features/academy/pages/comments-page')),
          dashboardPage('faq', () => import('@/features/content/pages/admin-faq-page')),
          dashboardPage('helpcenter', () => import('@/features/content/pages/admin-help-page')),
          dashboardPage('assignments', () => import('@/features/academy/pages/assignments-page')),
          dashboardPage('assignments/add', () => import('@/features/academy/pages/assignment-builder-page')),
          dashboardPage('assignments/:assignmentsId', () => import('@/features/academy/pages/assignment-builder-page')),
          dashboardPage('dealers', () => import('@/features/accounts/pages/dealers-page')),
          dashboardPage('adddealer', () => import('@/features/accounts/pages/add-dealer-page')),
          dashboardPage('certification', () => import('@/features/academy/pages/certifications-page')),
          dashboardPage('doc', () => import('@/features/academy/pages/documents-page')),
          { path: '*', lazy: page(() => import('@/components/not-found-page')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
