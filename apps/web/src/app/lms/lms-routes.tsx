import type { RouteObject } from 'react-router';
import { NOT_FOUND, page, PUBLIC, soon } from '../route-helpers';
import { requireSignedIn } from '../storefront/storefront-routes';

/** The academy's route tree: not in the first download, found by the router when an /lms path is opened. */
export const lmsRoute: RouteObject = {
  path: '/lms',
  lazy: page(() => import('./lms-layout')),
  children: [
    { index: true, handle: PUBLIC, lazy: page(() => import('./catalogue-page')) },
    { path: 'courses/:id', handle: PUBLIC, lazy: page(() => import('@/features/academy/learner/course-page')) },
    { path: 'course/:id', loader: requireSignedIn, lazy: page(() => import('@/features/academy/learner/player-page')) },
    soon('course', 'lms:pages.coursePlayer'),
    { path: 'assignment', loader: requireSignedIn, lazy: page(() => import('@/features/academy/learner/file-assignment-page')) },
    { path: 'home', loader: requireSignedIn, lazy: page(() => import('@/features/academy/learner/home-page')) },
    { path: '*', handle: NOT_FOUND, lazy: page(() => import('@/components/not-found-page')) },
  ],
};
