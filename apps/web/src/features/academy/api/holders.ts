import { useQuery } from '@tanstack/react-query';
import type { CertificationOut } from '@meltway/shared/academy/certification.schema';
import type { HolderList, HolderOut, HolderStatus } from '@meltway/shared/academy/learning.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { certificateKeys } from './certificates';

/** What the compliance list is filtered by; the search is the table's own `q`. */
export type HolderFilters = { status?: HolderStatus; dealerId?: string; certificationId?: string };

// Under the certificates' key: revoking or reissuing one refreshes the compliance view too.
export const holderKeys = {
  all: [...certificateKeys.all, 'holders'] as const,
  list: (filters: HolderFilters) => [...holderKeys.all, 'list', filters] as const,
  counts: (filters: Omit<HolderFilters, 'status'> & { q?: string }) => [...holderKeys.all, 'counts', filters] as const,
  dealers: () => [...holderKeys.all, 'dealers'] as const,
  certifications: () => [...holderKeys.all, 'certifications'] as const,
};

const PATH = '/api/v1/certifications/holders';

/** A page of contractor × certification rows the reader may see. */
export function fetchHoldersPage(request: PageRequest, filters: HolderFilters): Promise<PageResult<HolderOut>> {
  return api.get<HolderList>(PATH, { page: request.page, pageSize: request.pageSize, q: request.q.trim() || undefined, ...filters });
}

/** How many rows of each status the filters select (the status filter aside): the summary of the page and of the home. */
export function useHolderCounts(filters: Omit<HolderFilters, 'status'> & { q?: string } = {}) {
  return useQuery({ queryKey: holderKeys.counts(filters), queryFn: async () => (await api.get<HolderList>(PATH, { ...filters, pageSize: 1 })).counts });
}

/** Every row the filters select, as the API's CSV. */
export async function downloadHoldersCsv(filters: HolderFilters & { q?: string }) {
  const blob = await api.blob(`${PATH}/export.csv`, { query: filters });
  saveFile(blob, `certifications-${new Date().toISOString().slice(0, 10)}.csv`);
}

type DealerChoice = { id: string; fullname: string };

/** The dealers an admin may filter by: every dealer but those still waiting for approval. */
export function useHolderDealers(enabled: boolean) {
  return useQuery({
    queryKey: holderKeys.dealers(),
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const out = await api.get<{ items: (DealerChoice & { status: string })[] }>('/api/v1/users/dealer', { role: 'dealer' });
      return out.items.filter((d) => d.status !== 'pending').sort((a, b) => a.fullname.localeCompare(b.fullname));
    },
  });
}

/** The certifications to filter by (an admin also gets those of draft courses, which have no rows yet). */
export function useHolderCertifications() {
  return useQuery({ queryKey: holderKeys.certifications(), staleTime: 60_000, queryFn: () => api.get<CertificationOut[]>('/api/v1/certifications') });
}
