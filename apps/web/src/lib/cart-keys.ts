/** Query keys of the cart; invalidate through these only. */
export const cartKeys = {
  all: ['cart'] as const,
  server: (userId: string) => [...cartKeys.all, 'server', userId] as const,
  priced: (lines: { productId: string; quantity: number }[]) => [...cartKeys.all, 'priced', lines] as const,
};
