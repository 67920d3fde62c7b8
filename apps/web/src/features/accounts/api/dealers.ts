import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStatus } from '@meltway/shared/accounts/roles';
import type { UserOut } from '@meltway/shared/accounts/user.schema';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

/** Every dealer (admins only), bank numbers masked by the server. */
async function fetchDealers(status?: UserStatus): Promise<UserOut[]> {
  const out = await api.get<{ items: UserOut[] }>('/api/v1/users/dealer', { role: 'dealer', status });
  return out.items;
}

const dealersQueryOptions = (status?: UserStatus) =>
  queryOptions({ queryKey: accountKeys.dealerList(status), queryFn: () => fetchDealers(status) });

export function useDealers(status?: UserStatus) {
  return useQuery(dealersQueryOptions(status));
}

const fetchDealer = (id: string) => api.get<UserOut>(`/api/v1/users/dealer/${encodeURIComponent(id)}`);

export function useDealer(id: string | undefined) {
  return useQuery({ queryKey: accountKeys.dealer(id ?? ''), queryFn: () => fetchDealer(id!), enabled: !!id });
}

/** Opens a dealer's void cheque in a new tab from a private object URL (the file needs the bearer token). */
export async function openVoidCheque(path: string) {
  // The tab is opened before the await so pop-up blockers see the user's click.
  const tab = window.open('', '_blank');
  try {
    const blob = await api.blob(path);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
