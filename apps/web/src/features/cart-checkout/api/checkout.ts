import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderInput, QuoteInput, QuoteOut } from '@meltway/shared/cart-checkout/checkout.schema';
import type { OrderSummaryOut, PlacedOrderOut } from '@meltway/shared/orders/order.schema';
import type { PageResult } from '@/components/data-table/data-table';
import { api, ApiError } from '@/lib/api-client';
import { cartKeys } from '@/lib/cart-keys';
import { cartStore } from '@/lib/cart-store';
import { fetchOrder } from '@/lib/order-api';
import { orderKeys } from '@/lib/order-keys';
import { useCurrentUser } from '@/lib/session';
import { fetchServerCart } from './cart';
import { completeOrder, rememberPlacedOrder } from '../placed-order';

/** Query keys of the checkout's own reads; invalidate through these only. */
const checkoutKeys = {
  quote: (input: QuoteInput, userId: string | null) => ['checkout', 'quote', userId ?? 'guest', input] as const,
};

const fetchQuote = (input: QuoteInput, signal?: AbortSignal) =>
  api.post<QuoteOut>('/api/v1/checkout/quote', input, { signal });

const placeOrder = (input: PlaceOrderInput, idempotencyKey: string) =>
  api.post<PlacedOrderOut>('/api/v1/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } });

/** How long the page waits after the last change before asking for a new quote. */
const QUOTE_DEBOUNCE_MS = 350;

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The server's price of the checkout as it stands: asked again, once the typing settles, whenever the
 * address, the shipping method, the coupon or the payment method changes. `input` is null while the
 * address is not complete enough to price. `cartStamp` names the cart's content, so a cart changed in
 * another tab is priced again.
 */
export function useQuote(input: QuoteInput | null, cartStamp: string) {
  const userId = useCurrentUser()?.id ?? null;
  // Compared by content: a form gives a new object on every render.
  const key = input ? JSON.stringify(input) : null;
  const settled = useDebounced(key, QUOTE_DEBOUNCE_MS);
  const body = settled ? (JSON.parse(settled) as QuoteInput) : null;
  return useQuery({
    queryKey: [...checkoutKeys.quote(body ?? ({} as QuoteInput), userId), cartStamp],
    queryFn: ({ signal }) => fetchQuote(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** The Idempotency-Key of the checkout attempt under way; kept for the tab until an order is placed. */
export const ATTEMPT_KEY = 'meltway.checkout.attempt';

function randomKey() {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per checkout attempt: a retried request or a second click sends the same key, so the server
 * places one order. It lives in sessionStorage, so a reload in the middle keeps it too.
 */
function checkoutAttemptKey(): string {
  try {
    const stored = sessionStorage.getItem(ATTEMPT_KEY);
    if (stored) return stored;
    const key = randomKey();
    sessionStorage.setItem(ATTEMPT_KEY, key);
    return key;
  } catch {
    return (memoryKey ??= randomKey());
  }
}
let memoryKey: string | undefined;

function endCheckoutAttempt() {
  memoryKey = undefined;
  try {
    sessionStorage.removeItem(ATTEMPT_KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * Places the order under the attempt's key. Once placed, the key is spent, the order is kept for the
 * payment step, and the cart shows what the server did: a signed-in buyer's server cart was emptied,
 * a visitor's local one is emptied here.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => placeOrder(input, checkoutAttemptKey()),
    onSuccess: (order) => {
      endCheckoutAttempt();
      // A card order waits for its payment; an order on account is done.
      if (order.payment) rememberPlacedOrder(order);
      else completeOrder(order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      if (!userId) {
        cartStore.clear();
        return;
      }
      cartStore.setServerCount(0);
      void queryClient
        .fetchQuery({ queryKey: cartKeys.server(userId), queryFn: fetchServerCart, staleTime: 0 })
        .then((cart) => cartStore.setServerCount(cart.itemCount))
        .catch(() => undefined);
    },
    onError: (error) => {
      // The key already named another order: the next attempt is a new one.
      if (error instanceof ApiError && error.code === 'commerce.idempotencyKeyReused') endCheckoutAttempt();
    },
  });
}

/** Where the signed-in buyer's last order went, offered again at checkout; null when it never ordered. */
export function useSavedShippingAddress(buyerId: string | undefined) {
  return useQuery({
    queryKey: [...orderKeys.lists(), 'saved-address', buyerId ?? ''],
    enabled: !!buyerId,
    retry: false,
    queryFn: async () => {
      const page = await api.get<PageResult<OrderSummaryOut>>('/api/v1/orders', { page: 1, pageSize: 1, buyerId });
      const last = page.items[0];
      return last ? (await fetchOrder(last.id)).shippingAddress : null;
    },
  });
}
