import { CART_MERGE_KEY } from './cart-store';

/**
 * The id of this state of the local cart, kept with it until it changes: a merge resent after its answer
 * was lost to a navigation carries the same key, and the server adds nothing twice.
 */
export function cartMergeKey(): string | undefined {
  try {
    let key = localStorage.getItem(CART_MERGE_KEY);
    if (!key) {
      key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
      localStorage.setItem(CART_MERGE_KEY, key);
    }
    return key;
  } catch {
    return undefined;
  }
}
