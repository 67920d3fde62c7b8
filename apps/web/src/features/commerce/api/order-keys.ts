import type { QuoteInput } from '@meltway/shared/cart-checkout/checkout.schema';

/** Query keys of checkout and orders; invalidate through these only. */
export const orderKeys = {
  all: ['orders'] as const,
  quote: (input: QuoteInput, userId: string | null) => ['checkout', 'quote', userId ?? 'guest', input] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: Record<string, string | undefined>) => [...orderKeys.lists(), filters] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
  paymentStatus: (orderId: string) => [...orderKeys.all, 'payment-status', orderId] as const,
};
