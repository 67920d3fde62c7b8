/** Dashboard paths (relative to /dashboard) that dealers may open; every other one is for admins only. */
export const DEALER_PATHS = new Set(['', 'order-management', 'customers', 'customers/details', 'transactions', 'products', 'categories']);

export const ADMIN_ONLY = {
  has: (path: string) => !DEALER_PATHS.has(path),
};

export type DashboardHandle = { adminOnly?: boolean };
