import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { pathWithoutLanguage } from '@/lib/i18n';
import { isStaff, sessionStore } from '@/lib/session';
import { page, type PageModule, type RenderHandle } from '../route-helpers';
import { dashboardHandle } from './dashboard-access';

/** Signed-out visitors go to sign in and come back; shoppers and contractors have no dashboard. */
export function requireStaff({ request }: LoaderFunctionArgs) {
  const user = sessionStore.get()?.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirect=${encodeURIComponent(pathWithoutLanguage(url.pathname) + url.search)}`);
  }
  if (!isStaff(user)) throw redirect('/');
  return null;
}

function dashboardPage(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: page(load), handle: dashboardHandle(path) };
}

/** The dashboard's route tree: not in the first download, found by the router when a /dashboard path is opened. */
export const dashboardRoute: RouteObject = {
  path: '/dashboard',
  loader: requireStaff,
  lazy: page(() => import('./dashboard-layout')),
  children: [
    { index: true, lazy: page(() => import('./dashboard-home-page')), handle: dashboardHandle('') },
    dashboardPage('admins', () => import('@/features/accounts/pages/admins-page')),
    dashboardPage('admins/roles', () => import('@/features/accounts/pages/roles-page')),
    dashboardPage('tax-rates', () => import('@/features/cart-checkout/pages/tax-rates-page')),
    dashboardPage('categories', () => import('@/features/catalogue/pages/admin-categories-page')),
    dashboardPage('brands', () => import('@/features/catalogue/pages/admin-brands-page')),
    dashboardPage('customers', () => import('@/features/accounts/pages/contractors-page')),
    dashboardPage('customers/details', () => import('./contractor-details-route')),
    dashboardPage('order-management', () => import('@/features/orders/pages/order-management-page')),
    dashboardPage('order-management/:id', () => import('@/features/orders/pages/order-detail-page')),
    dashboardPage('products', () => import('@/features/catalogue/pages/admin-products-page')),
    dashboardPage('coupons', () => import('@/features/cart-checkout/pages/coupons-page')),
    dashboardPage('suppliers', () => import('@/features/catalogue/pages/admin-suppliers-page')),
    dashboardPage('transactions', () => import('@/features/payments/pages/transactions-page')),
    dashboardPage('commission', () => import('@/features/payments/pages/commission-page')),
    dashboardPage('courses', () => import('@/features/academy/pages/courses-page')),
    dashboardPage('courses/add', () => import('@/features/academy/pages/course-builder-page')),
    dashboardPage('courses/:courseId', () => import('@/features/academy/pages/course-builder-page')),
    dashboardPage('students', () => import('@/features/academy/pages/students-page')),
    dashboardPage('student-certification', () => import('@/features/academy/pages/student-certification-page')),
    dashboardPage('certifications', () => import('@/features/academy/pages/compliance-page')),
    dashboardPage('author', () => import('@/features/academy/pages/authors-page')),
    dashboardPage('comments', () => import('@/features/academy/pages/comments-page')),
    dashboardPage('submissions', () => import('@/features/academy/pages/submissions-page')),
    dashboardPage('faq', () => import('@/features/content/pages/admin-faq-page')),
    dashboardPage('helpcenter', () => import('@/features/content/pages/admin-help-page')),
    dashboardPage('assignments', () => import('@/features/academy/pages/assignments-page')),
    dashboardPage('assignments/add', () => import('@/features/academy/pages/assignment-builder-page')),
    dashboardPage('assignments/:assignmentsId', () => import('@/features/academy/pages/assignment-builder-page')),
    dashboardPage('dealers', () => import('./dealers-route')),
    dashboardPage('adddealer', () => import('@/features/accounts/pages/add-dealer-page')),
    dashboardPage('certification', () => import('@/features/academy/pages/certifications-page')),
    dashboardPage('doc', () => import('@/features/academy/pages/documents-page')),
    { path: '*', handle: { notFound: true } satisfies RenderHandle, lazy: page(() => import('@/components/not-found-page')) },
  ],
};
