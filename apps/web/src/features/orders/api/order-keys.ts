/** Query keys of the dashboard's orders, transactions, commission and credit; invalidate through these only. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: Record<string, string | undefined>) => [...orderKeys.lists(), filters] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  transactions: () => [...orderKeys.all, 'transactions'] as const,
  transactionList: (filters: Record<string, string | undefined>) => [...orderKeys.transactions(), filters] as const,
  commission: () => [...orderKeys.all, 'commission'] as const,
  commissionList: (dealerId: string, month: string | undefined) => [...orderKeys.commission(), dealerId, month ?? 'all'] as const,
  commissionBalance: (dealerId: string, month: string | undefined) =>
    [...orderKeys.commission(), dealerId, month ?? 'all', 'balance'] as const,
  credit: (userId: string) => [...orderKeys.all, 'credit', userId] as const,
  dealers: () => [...orderKeys.all, 'dealers'] as const,
};
