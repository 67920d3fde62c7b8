/**
 * Query keys of orders and of what moves with them (transactions, commission, credit): one factory for the
 * buyer's pages, the checkout and the dashboard, so a change made on one is seen on the others. Invalidate
 * through these only.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: Record<string, string | undefined>) => [...orderKeys.lists(), filters] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  link: (token: string) => [...orderKeys.all, 'link', token] as const,
  paymentStatus: (orderId: string) => [...orderKeys.all, 'payment-status', orderId] as const,
  transactions: () => [...orderKeys.all, 'transactions'] as const,
  transactionList: (filters: Record<string, string | undefined>) => [...orderKeys.transactions(), filters] as const,
  commission: () => [...orderKeys.all, 'commission'] as const,
  commissionList: (dealerId: string, month: string | undefined) => [...orderKeys.commission(), dealerId, month ?? 'all'] as const,
  commissionBalance: (dealerId: string, month: string | undefined) =>
    [...orderKeys.commission(), dealerId, month ?? 'all', 'balance'] as const,
  credits: () => [...orderKeys.all, 'credit'] as const,
  credit: (userId: string) => [...orderKeys.credits(), userId] as const,
  dealers: () => [...orderKeys.all, 'dealers'] as const,
};
