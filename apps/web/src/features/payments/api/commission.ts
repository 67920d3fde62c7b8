import { useQuery } from '@tanstack/react-query';
import type { CommissionLedgerOut } from '@meltway/shared/payments/commission.schema';
import type { PageRequest } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { orderKeys } from '@/lib/order-keys';
import type { Language } from '@meltway/shared/common/language';

const path = (dealerId: string) => `/api/v1/dealers/${encodeURIComponent(dealerId)}/commission`;

/** One page of a dealer's commission ledger, of one month (`YYYY-MM`) or of all time. */
export function fetchCommissionPage(dealerId: string, month: string | undefined, request: Pick<PageRequest, 'page' | 'pageSize'>) {
  return api.get<CommissionLedgerOut>(path(dealerId), { month, page: request.page, pageSize: request.pageSize });
}

/** The ledger's balance and count of entries for the month shown, and the dealer with its rate today, beside the table. */
export function useCommissionBalance(dealerId: string | undefined, month: string | undefined) {
  return useQuery({
    queryKey: orderKeys.commissionBalance(dealerId ?? '', month),
    queryFn: () => fetchCommissionPage(dealerId!, month, { page: 1, pageSize: 1 }),
    enabled: !!dealerId,
    select: ({ balanceCents, total, dealer }) => ({ balanceCents, total, dealer }),
  });
}

/** The month's statement PDF, in the reader's language. */
export async function downloadStatement(dealerId: string, month: string, locale: Language) {
  const blob = await api.blob(`${path(dealerId)}/statement.pdf`, { query: { month, locale } });
  saveFile(blob, `commission-statement-${month}.pdf`);
}
