import { useSyncExternalStore } from 'react';

export type CartLine = { productId: string; quantity: number };

/** The cart lives in the browser until checkout; the commerce pages fill it. */
export const CART_KEY = 'meltway.cart';

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

let lines = read();

export const cartStore = {
  getLines: () => lines,
  setLines: (next: CartLine[]) => {
    lines = next;
    try {
      localStorage.setItem(CART_KEY, JSON.stringify(next));
    } catch {
      // Kept for this tab only when storage is refused.
    }
    for (const listener of listeners) listener();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

const countItems = () => lines.reduce((sum, line) => sum + line.quantity, 0);

export function useCartCount() {
  return useSyncExternalStore(cartStore.subscribe, countItems, () => 0);
}
