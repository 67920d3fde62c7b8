import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditOut } from '@meltway/shared/payments/payment.schema';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/order-keys';

const path = (userId: string) => `/api/v1/users/${encodeURIComponent(userId)}`;

export function useCredit(userId: string) {
  return useQuery({ queryKey: orderKeys.credit(userId), queryFn: () => api.get<CreditOut>(`${path(userId)}/credit`) });
}

/** Sets the limit in cents; null takes the account's credit away. */
export function useSetCreditLimit(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (creditLimitCents: number | null) => api.put<CreditOut>(`${path(userId)}/credit-limit`, { creditLimitCents }),
    onSuccess: (credit) => client.setQueryData(orderKeys.credit(userId), credit),
  });
}
