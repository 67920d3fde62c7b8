import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderOut } from '@meltway/shared/orders/order.schema';
import { api } from './api-client';
import { orderKeys } from './order-keys';

/** The API path of one order. */
export const orderPath = (id: string) => `/api/v1/orders/${encodeURIComponent(id)}`;

export const fetchOrder = (id: string) => api.get<OrderOut>(orderPath(id));

/**
 * One order, as the order pages and the checkout's own pages (the pay-again page, the thank-you page) both
 * read it: one query per order, whichever page asks.
 */
export function useOrder(id: string | undefined) {
  return useQuery({ queryKey: orderKeys.detail(id ?? ''), queryFn: () => fetchOrder(id!), enabled: !!id, retry: false });
}

/** Keeps the order's page and every list in step with an order the server just answered. */
export function useOrderChanged() {
  const queryClient = useQueryClient();
  return (order: OrderOut) => {
    queryClient.setQueryData(orderKeys.detail(order.id), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

const cancelOrder = (id: string, reason?: string) => api.post<OrderOut>(`${orderPath(id)}/cancel`, reason ? { reason } : {});

export function useCancelOrder() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason?: string }) => cancelOrder(id, reason), onSuccess: changed });
}
