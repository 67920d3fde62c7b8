/** Dashboard paths (relative to /dashboard) that dealers may open; every other one is for admins only. */
export const DEALER_PATHS = new Set([
  '',
  'order-management',
  'order-management/:id',
  'customers',
  'customers/details',
  'transactions',
  'commission',
  'products',
  'categories',
  'students',
  'certifications',
]);

const ADMIN_ONLY = {
  has: (path: string) => !DEALER_PATHS.has(path),
};

/**
 * What a dashboard route tells the frame: whether dealers are refused, and its breadcrumb
 * (`titleKey` in the dashboard namespace, `parent` the path of the page above it).
 */
export type DashboardHandle = { adminOnly?: boolean; titleKey?: string; parent?: string };

/** The parent page of the nested dashboard paths, for the breadcrumb. */
const PARENT_OF: Record<string, string> = {
  'admins/roles': 'admins',
  'customers/details': 'customers',
  'order-management/:id': 'order-management',
  'courses/add': 'courses',
  'courses/:courseId': 'courses',
  'assignments/add': 'assignments',
  'assignments/:assignmentsId': 'assignments',
};

/** Title key (dashboard namespace) of each dashboard path. */
export const PAGE_TITLES: Record<string, string> = {
  '': 'pages.dashboard',
  admins: 'pages.admins',
  'admins/roles': 'pages.adminRoles',
  categories: 'pages.categories',
  brands: 'pages.brands',
  customers: 'pages.contractors',
  'customers/details': 'pages.contractorDetails',
  'order-management': 'pages.orders',
  'order-management/:id': 'pages.orderDetails',
  products: 'pages.products',
  coupons: 'pages.coupons',
  'tax-rates': 'pages.taxRates',
  suppliers: 'pages.suppliers',
  transactions: 'pages.transactions',
  commission: 'pages.commission',
  courses: 'pages.courses',
  'courses/add': 'pages.addCourse',
  'courses/:courseId': 'pages.editCourse',
  students: 'pages.students',
  'student-certification': 'pages.studentCertification',
  certifications: 'pages.certifications',
  author: 'pages.authors',
  comments: 'pages.comments',
  submissions: 'pages.submissions',
  faq: 'pages.faq',
  helpcenter: 'pages.helpCenter',
  assignments: 'pages.assignments',
  'assignments/add': 'pages.addAssignment',
  'assignments/:assignmentsId': 'pages.editAssignment',
  dealers: 'pages.dealers',
  adddealer: 'pages.addDealer',
  certification: 'pages.certification',
  doc: 'pages.documents',
};

/** The route handle of a dashboard path. */
export function dashboardHandle(path: string): DashboardHandle {
  return { adminOnly: ADMIN_ONLY.has(path), titleKey: PAGE_TITLES[path], parent: PARENT_OF[path] };
}
