import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderLookupInput, OrderOut } from '@meltway/shared/orders/order.schema';
import type { MessageOut } from '@meltway/shared/common/errors';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/order-keys';

const linkPath = (token: string) => `/api/v1/orders/view/${encodeURIComponent(token)}`;

/** The address of an order's invoice through its signed link: a plain link, no sign-in needed. */
export const linkedInvoiceUrl = (token: string) => `${linkPath(token)}/invoice.pdf`;

/** The order an order mail's signed link opens (404 for a bad link, 410 for an expired one). */
export function useLinkedOrder(token: string | undefined) {
  return useQuery({
    queryKey: orderKeys.link(token ?? ''),
    queryFn: () => api.get<OrderOut>(linkPath(token!)),
    enabled: !!token,
    retry: false,
  });
}

/** Asks for an order's link by its number and email: the answer is the same whether or not they match. */
export function useLookupOrder() {
  return useMutation({ mutationFn: (input: OrderLookupInput) => api.post<MessageOut>('/api/v1/orders/lookup', input) });
}
