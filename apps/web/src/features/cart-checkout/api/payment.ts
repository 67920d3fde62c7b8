import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import type { PaymentConfirmInput, PaymentStatusOut } from '@meltway/shared/payments/payment.schema';
import { api } from '@/lib/api-client';
import { orderPath, useOrderChanged } from '@/lib/order-api';
import { orderKeys } from '@/lib/order-keys';

/** A fresh card payment for an unpaid card order (the one before may have failed or been left). */
const startPayment = (id: string) => api.post<PlacedOrderOut>(`${orderPath(id)}/payment`, {});
/** The test provider's card form: no card, no money; the server records the payment as Stripe's webhook would. */
const confirmTestPayment = (input: PaymentConfirmInput) => api.post<PaymentStatusOut>('/api/v1/payments/test/confirm', input);
const fetchPaymentStatus = (input: PaymentConfirmInput) => api.post<PaymentStatusOut>('/api/v1/payments/status', input);

export function useStartPayment() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: startPayment, onSuccess: changed });
}

/** The test card's "payment": its answer is the payment's status, so the page need not ask again. */
export function useConfirmTestPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTestPayment,
    onSuccess: (status) => queryClient.setQueryData(orderKeys.paymentStatus(status.id), status),
  });
}

/** How often the page asks how a card payment went, while it waits for the provider. */
const PAYMENT_POLL_MS = 1000;

/**
 * The payment's status, asked again every second while `polling` and the order still waits for it.
 * The client secret the placement answered is the proof, so a guest's page may ask too.
 */
export function usePaymentStatus(input: PaymentConfirmInput | null, polling: boolean) {
  return useQuery({
    queryKey: orderKeys.paymentStatus(input?.orderId ?? ''),
    queryFn: () => fetchPaymentStatus(input!),
    enabled: !!input,
    refetchInterval: (query) => (polling && (query.state.data?.status ?? 'pending_payment') === 'pending_payment' ? PAYMENT_POLL_MS : false),
    staleTime: 0,
    retry: 2,
  });
}
