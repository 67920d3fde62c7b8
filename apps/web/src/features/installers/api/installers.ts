import { useQuery } from '@tanstack/react-query';
import type { InstallerSearchOut } from '@meltway/shared/installers/installer.schema';
import type { ProductFamily } from '@meltway/shared/catalogue/limits';
import { api } from '@/lib/api-client';

/** Query keys of the installers domain; invalidate through these only. */
const installersKeys = {
  all: ['installers'] as const,
  search: (postalCode: string, family: string) => [...installersKeys.all, 'search', postalCode, family] as const,
};

/** What the public search asks: a postal code as typed, and a product family or none (all). */
export type InstallerSearch = { postalCode: string; family: ProductFamily | '' };

/** GET /api/v1/installers: the certified installers whose area covers `postalCode`, nearest first; nothing asked without one. */
export function useInstallerSearch({ postalCode, family }: InstallerSearch) {
  return useQuery({
    queryKey: installersKeys.search(postalCode, family),
    queryFn: () => api.get<InstallerSearchOut>('/api/v1/installers', { postalCode, family: family || undefined }),
    enabled: postalCode !== '',
    retry: false,
  });
}
