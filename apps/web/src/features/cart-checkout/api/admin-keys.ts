/** Query keys of coupon and tax rate management; invalidate through these only. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: () => [...couponKeys.all, 'list'] as const,
  /** The categories a coupon may be limited to. */
  categories: () => [...couponKeys.all, 'categories'] as const,
};

export const taxRateKeys = {
  all: ['tax-rates'] as const,
};
