import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { OrderOut, OrderSummaryOut, PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import type { PaymentConfirmInput, PaymentStatusOut } from '@meltway/shared/payments/payment.schema';
import type { PageRequest, PageResult } from '@/components/data-table/data-table';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { cartStore } from '../cart-store';
import { cartKeys } from './cart-keys';
import { mergeIntoServerCart } from './cart';
import { orderKeys } from './order-keys';

const orderPath = (id: string) => `/api/v1/orders/${encodeURIComponent(id)}`;

/**
 * One page of the orders the signed-in user placed, newest first. `buyerId` keeps a dealer's or an
 * admin's own purchases apart from the orders they see in the dashboard.
 */
export function fetchMyOrdersPage(request: PageRequest, buyerId: string): Promise<PageResult<OrderSummaryOut>> {
  return api.get<PageResult<OrderSummaryOut>>('/api/v1/orders', {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q.trim() || undefined,
    buyerId,
  });
}

const fetchOrder = (id: string) => api.get<OrderOut>(orderPath(id));

/** Where the signed-in buyer's last order went, offered again at checkout; null when it never ordered. */
export function useSavedShippingAddress(buyerId: string | undefined) {
  return useQuery({
    queryKey: [...orderKeys.lists(), 'saved-address', buyerId ?? ''],
    enabled: !!buyerId,
    retry: false,
    queryFn: async () => {
      const last = (await fetchMyOrdersPage({ page: 1, pageSize: 1, q: '', sort: undefined, order: 'desc' }, buyerId!)).items[0];
      return last ? (await fetchOrder(last.id)).shippingAddress : null;
    },
  });
}
const cancelOrder = (id: string, reason?: string) => api.post<OrderOut>(`${orderPath(id)}/cancel`, reason ? { reason } : {});
/** A fresh card payment for an unpaid card order (the one before may have failed or been left). */
const startPayment = (id: string) => api.post<PlacedOrderOut>(`${orderPath(id)}/payment`, {});
/** The test provider's card form: no card, no money; the server records the payment as Stripe's webhook would. */
const confirmTestPayment = (input: PaymentConfirmInput) => api.post<PaymentStatusOut>('/api/v1/payments/test/confirm', input);
const fetchPaymentStatus = (input: PaymentConfirmInput) => api.post<PaymentStatusOut>('/api/v1/payments/status', input);
const fetchInvoice = (id: string) => api.blob(`${orderPath(id)}/invoice.pdf`);

export function useOrder(id: string | undefined) {
  return useQuery({ queryKey: orderKeys.detail(id ?? ''), queryFn: () => fetchOrder(id!), enabled: !!id, retry: false });
}

/** Keeps the order's page and every list in step with an order the server just answered. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  return (order: OrderOut) => {
    queryClient.setQueryData(orderKeys.detail(order.id), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
  };
}

export function useCancelOrder() {
  const changed = useOrderChanged();
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason?: string }) => cancelOrder(id, reason), onSuccess: changed });
}

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

/** Saves the order's invoice as `<number>.pdf`: fetched with the bearer token, never opened as a plain link. */
async function downloadInvoice(order: Pick<OrderOut, 'id' | 'number'>) {
  const blob = await fetchInvoice(order.id);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${order.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}

/** Puts an order's lines back in the signed-in buyer's cart (added to what it holds, capped at the stock). */
export function useReorder() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (order: Pick<OrderOut, 'lines'>) =>
      mergeIntoServerCart({ items: order.lines.map(({ productId, quantity }) => ({ productId, quantity })) }),
    onSuccess: (cart: CartOut) => {
      if (userId) queryClient.setQueryData(cartKeys.server(userId), cart);
      cartStore.setServerCount(cart.itemCount);
    },
  });
}
