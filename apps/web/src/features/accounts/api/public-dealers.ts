import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicDealer } from '@meltway/shared/accounts/dealer.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

async function fetchPublicDealers(): Promise<PublicDealer[]> {
  const out = await api.get<{ items: PublicDealer[] }>('/api/v1/users/publicdealer', {
    role: 'dealer',
    status: 'approved',
  });
  return out.items;
}

const publicDealersQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.publicDealers(), queryFn: fetchPublicDealers, staleTime: 5 * 60_000 });

export function usePublicDealers(enabled = true) {
  return useQuery({ ...publicDealersQueryOptions(), enabled });
}
