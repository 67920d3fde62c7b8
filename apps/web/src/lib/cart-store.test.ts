import { afterEach, describe, expect, it } from 'vitest';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@meltway/shared/cart-checkout/cart.schema';
import { CART_KEY, CART_LIMITS, CART_MERGE_KEY, cartStore } from './cart-store';
import { cartMergeKey } from './cart-merge-key';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  cartStore.clear();
  cartStore.setServerCount(null);
});

describe('cart store', () => {
  it('keeps lines in local storage, adding to an existing line', () => {
    cartStore.add(A, 2);
    cartStore.add(B, 1);
    cartStore.add(A, 3);
    expect(cartStore.getLines()).toEqual([
      { productId: A, quantity: 5 },
      { productId: B, quantity: 1 },
    ]);
    expect(JSON.parse(localStorage.getItem(CART_KEY) ?? '[]')).toEqual(cartStore.getLines());
  });

  it('sets and removes quantities; 0 removes the line and an empty cart leaves nothing stored', () => {
    cartStore.add(A, 2);
    cartStore.setQuantity(A, 7);
    expect(cartStore.getLines()).toEqual([{ productId: A, quantity: 7 }]);
    cartStore.setQuantity(A, 0);
    expect(cartStore.getLines()).toEqual([]);
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('builds the merge and price payload from the lines only (no prices); a change drops the merge key', () => {
    cartStore.add(A, 2);
    cartStore.add(B, 4);
    expect(cartStore.payload()).toEqual({
      items: [
        { productId: A, quantity: 2 },
        { productId: B, quantity: 4 },
      ],
    });
    const key = cartMergeKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // Kept with the lines (a merge resent after a reload sends the same key), dropped by any change.
    expect(cartMergeKey()).toBe(key);
    cartStore.add(A, 1);
    expect(localStorage.getItem(CART_MERGE_KEY)).toBeNull();
    expect(cartMergeKey()).not.toBe(key);
    cartStore.clear();
    expect(localStorage.getItem(CART_MERGE_KEY)).toBeNull();
  });

  it('counts local items, or the server count once signed in', () => {
    cartStore.add(A, 2);
    cartStore.add(B, 3);
    expect(cartStore.count()).toBe(5);
    cartStore.setServerCount(9);
    expect(cartStore.count()).toBe(9);
    cartStore.setServerCount(null);
    expect(cartStore.count()).toBe(5);
  });

  it('ignores malformed stored lines', () => {
    localStorage.setItem(CART_KEY, JSON.stringify([{ productId: A, quantity: 2 }, { productId: B, quantity: -1 }, { nope: true }]));
    cartStore.reload();
    expect(cartStore.getLines()).toEqual([{ productId: A, quantity: 2 }]);
  });

  it('caps a quantity and uses the same limits as the shared contract', () => {
    expect(CART_LIMITS).toEqual({ maxLines: CART_MAX_LINES, maxQuantity: CART_MAX_QUANTITY });
    cartStore.add(A, CART_MAX_QUANTITY + 5);
    expect(cartStore.getLines()).toEqual([{ productId: A, quantity: CART_MAX_QUANTITY }]);
  });
});
