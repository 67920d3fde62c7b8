import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderKeys } from './order-keys';

type DealerChoice = { id: string; fullname: string };

/**
 * The dealers an admin may pick in the order filter and on the commission page: approved ones and those
 * since made inactive (their orders and ledgers stay); not the ones still waiting for approval.
 */
async function fetchDealerChoices(): Promise<DealerChoice[]> {
  const out = await api.get<{ items: (DealerChoice & { status: string })[] }>('/api/v1/users/dealer', { role: 'dealer' });
  return out.items
    .filter((d) => d.status !== 'pending')
    .map(({ id, fullname }) => ({ id, fullname }))
    .sort((a, b) => a.fullname.localeCompare(b.fullname));
}

export function useDealerChoices(enabled = true) {
  return useQuery({ queryKey: orderKeys.dealers(), queryFn: fetchDealerChoices, enabled, staleTime: 60_000 });
}
