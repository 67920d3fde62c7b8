/** Query keys of the layout generator; invalidate through these only. */
export const designKeys = {
  all: ['design'] as const,
  /** The mats, cables, controls and accessories the engine may choose from. */
  products: () => [...designKeys.all, 'products'] as const,
  /** The saved projects: lists and single projects sit under it, so a save refreshes them all. */
  projects: () => [...designKeys.all, 'projects'] as const,
};
