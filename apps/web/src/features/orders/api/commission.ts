import { useQuery } from '@tanstack/react-query';
import type { CommissionEntryOut } from '@meltway/shared/commerce/commission.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { orderKeys } from './order-keys';

export type CommissionLedger = PageResult<CommissionEntryOut> & { balanceCents: number };

const path = (dealerId: string) => `/api/v1/dealers/${encodeURIComponent(dealerId)}/commission`;

/** One page of a dealer's commission ledger, of one month (`YYYY-MM`) or of all time. */
export function fetchCommissionPage(dealerId: string, month: string | undefined, request: Pick<PageRequest, 'page' | 'pageSize'>) {
  return api.get<CommissionLedger>(path(dealerId), { month, page: request.page, pageSize: request.pageSize });
}

/** The ledger's balance (and its count of entries) for the month shown, beside the table. */
export function useCommissionBalance(dealerId: string | undefined, month: string | undefined) {
  return useQuery({
    queryKey: orderKeys.commissionBalance(dealerId ?? '', month),
    queryFn: () => fetchCommissionPage(dealerId!, month, { page: 1, pageSize: 1 }),
    enabled: !!dealerId,
    select: (ledger) => ({ balanceCents: ledger.balanceCents, total: ledger.total }),
  });
}

/** The month's statement PDF. */
export async function downloadStatement(dealerId: string, month: string) {
  const blob = await api.blob(`${path(dealerId)}/statement.pdf`, { query: { month } });
  saveFile(blob, `commission-statement-${month}.pdf`);
}
