import { useSyncExternalStore } from 'react';
import type { CartItemsInput } from '@meltway/shared/cart-checkout/cart.schema';

export type CartLine = { productId: string; quantity: number };

/** A visitor's cart lives in the browser (product ids and quantities only, never prices). */
export const CART_KEY = 'meltway.cart';
/** The id a sign-in gave this state of that cart to merge it (cart-sync.tsx); any change drops it. */
export const CART_MERGE_KEY = 'meltway.cart.key';

const listeners = new Set<() => void>();

function read(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (l): l is CartLine =>
            !!l && typeof l.productId === 'string' && Number.isInteger(l.quantity) && l.quantity > 0,
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * The shared cart limits, repeated because their module brings zod into the header's first download;
 * a unit test keeps them equal.
 */
export const CART_LIMITS = { maxLines: 100, maxQuantity: 10_000 } as const;


let lines = read();
/** The signed-in user's item count as the server last priced it; null for visitors. */
let serverCount: number | null = null;

function emit() {
  for (const listener of listeners) listener();
}

const clampQuantity = (quantity: number) => Math.max(0, Math.min(CART_LIMITS.maxQuantity, Math.floor(quantity)));

export const cartStore = {
  getLines: () => lines,
  setLines: (next: CartLine[]) => {
    lines = next;
    try {
      localStorage.removeItem(CART_MERGE_KEY);
      if (next.length) localStorage.setItem(CART_KEY, JSON.stringify(next));
      else localStorage.removeItem(CART_KEY);
    } catch {
      // Kept for this tab only when storage is refused.
    }
    emit();
  },
  /** Adds to the quantity already in the cart. */
  add: (productId: string, quantity: number) => {
    const existing = lines.find((l) => l.productId === productId);
    if (existing) cartStore.setQuantity(productId, existing.quantity + quantity);
    else if (lines.length < CART_LIMITS.maxLines) cartStore.setQuantity(productId, quantity);
  },
  /** Sets a line's quantity; 0 removes it. */
  setQuantity: (productId: string, quantity: number) => {
    const q = clampQuantity(quantity);
    const rest = lines.filter((l) => l.productId !== productId);
    if (q === 0) cartStore.setLines(rest);
    else if (lines.some((l) => l.productId === productId))
      cartStore.setLines(lines.map((l) => (l.productId === productId ? { ...l, quantity: q } : l)));
    else cartStore.setLines([...rest, { productId, quantity: q }]);
  },
  remove: (productId: string) => cartStore.setQuantity(productId, 0),
  clear: () => cartStore.setLines([]),
  /** The body of POST /api/v1/cart/price and /api/v1/cart/merge. */
  payload: (): CartItemsInput => ({ items: lines.map(({ productId, quantity }) => ({ productId, quantity })) }),
  setServerCount: (count: number | null) => {
    if (count === serverCount) return;
    serverCount = count;
    emit();
  },
  count: () => serverCount ?? lines.reduce((sum, line) => sum + line.quantity, 0),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Re-reads storage; used when another tab changes the cart. */
  reload: () => {
    lines = read();
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_KEY || event.key === null) cartStore.reload();
  });
}

export function useCartCount() {
  return useSyncExternalStore(cartStore.subscribe, cartStore.count, () => 0);
}

export function useLocalCartLines() {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getLines, () => lines);
}
