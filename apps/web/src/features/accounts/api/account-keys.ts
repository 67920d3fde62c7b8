/** Query keys of the accounts domain; invalidate through these only. */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  publicDealers: () => [...accountKeys.all, 'public-dealers'] as const,
};
