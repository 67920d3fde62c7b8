import type { RouteObject } from 'react-router';
import { page, soon } from '../route-helpers';

/** The academy's route tree: not in the first download, found by the router when an /lms path is opened. */
export const lmsRoute: RouteObject = {
  path: '/lms',
  lazy: page(() => import('./lms-layout')),
  children: [
    { index: true, lazy: page(() => import('./catalogue-page')) },
    soon('courses/:id', 'lms:pages.courseDetails'),
    soon('course/:id', 'lms:pages.coursePlayer'),
    soon('course', 'lms:pages.coursePlayer'),
    soon('assignment', 'lms:pages.assignment'),
    soon('home', 'lms:pages.learnerHome'),
    { path: '*', lazy: page(() => import('@/components/not-found-page')) },
  ],
};
