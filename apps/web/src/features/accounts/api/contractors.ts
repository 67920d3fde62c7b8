import { useQuery } from '@tanstack/react-query';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

export type ContractorFilters = { status?: string; contractorType?: string };

/** One page of contractors: all of them for an admin, a dealer's own for a dealer. */
export function fetchContractorsPage(request: PageRequest, filters: ContractorFilters = {}): Promise<PageResult<UserOut>> {
  return api.get<PageResult<UserOut>>('/api/v1/users/contractors', {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q.trim() || undefined,
    sort: request.sort,
    order: request.sort ? request.order : undefined,
    ...filters,
  });
}

const fetchContractor = (id: string) => api.get<UserOut>(`/api/v1/users/contractors/${encodeURIComponent(id)}`);

export function useContractor(id: string | undefined) {
  return useQuery({ queryKey: accountKeys.contractor(id ?? ''), queryFn: () => fetchContractor(id!), enabled: !!id, retry: false });
}
