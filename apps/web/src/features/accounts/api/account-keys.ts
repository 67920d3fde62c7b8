/** Query keys of the accounts domain; invalidate through these only. */
export const accountKeys = {
  all: ['accounts'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  publicDealers: () => [...accountKeys.all, 'public-dealers'] as const,
  dealers: () => [...accountKeys.all, 'dealers'] as const,
  dealerList: (status?: string) => [...accountKeys.dealers(), 'list', status ?? 'all'] as const,
  dealer: (id: string) => [...accountKeys.dealers(), 'detail', id] as const,
  contractors: () => [...accountKeys.all, 'contractors'] as const,
  contractorList: (filters: Record<string, string | undefined>) => [...accountKeys.contractors(), 'list', filters] as const,
  contractor: (id: string) => [...accountKeys.contractors(), 'detail', id] as const,
  admins: () => [...accountKeys.all, 'admins'] as const,
  resetLink: (token: string) => [...accountKeys.all, 'reset-link', token] as const,
};
