import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import { sessionStore } from '@/lib/session';
import { cartStore } from '@/lib/cart-store';
import { cartKeys } from '@/lib/cart-keys';
import { useCartActions } from './cart';
import { BUYER as buyer, cartWith, PRODUCT } from '../test/fixtures';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, ...renderHook(() => useCartActions(), { wrapper }) };
}

const calls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([url, init]) => ({ url: String(url), method: (init as RequestInit | undefined)?.method, body: (init as RequestInit | undefined)?.body }));

describe('Add to cart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    cartStore.clear();
    cartStore.setServerCount(null);
  });

  describe('signed in', () => {
    beforeEach(() => {
      sessionStore.set({ user: buyer, access_token: 'a', refresh_token: 'r' });
    });

    it('sends one POST of the increment and shows the quantity the server answers', async () => {
      // Another tab already brought the line to 3; this tab's cache still says 1.
      const fetch = vi.fn(async () => Response.json(cartWith(5)));
      vi.stubGlobal('fetch', fetch);
      const { result, queryClient } = setup();
      queryClient.setQueryData(cartKeys.server(buyer.id), cartWith(1));

      await act(() => result.current.setQuantity.mutateAsync({ productId: PRODUCT, quantity: 2, add: true }));

      expect(calls(fetch)).toEqual([
        { url: '/api/v1/cart/merge', method: 'POST', body: JSON.stringify({ items: [{ productId: PRODUCT, quantity: 2 }] }) },
      ]);
      expect(queryClient.getQueryData<CartOut>(cartKeys.server(buyer.id))?.items[0]?.quantity).toBe(5);
      expect(cartStore.count()).toBe(5);
    });

    it('does not read the cart first when none is cached', async () => {
      const fetch = vi.fn(async () => Response.json(cartWith(2)));
      vi.stubGlobal('fetch', fetch);
      const { result } = setup();
      await act(() => result.current.setQuantity.mutateAsync({ productId: PRODUCT, quantity: 2, add: true }));
      expect(calls(fetch).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/cart/merge']);
    });

    it('says the product is out of stock when the server could not add it', async () => {
      vi.stubGlobal('fetch', vi.fn(async () => Response.json(cartWith(0))));
      const { result } = setup();
      act(() => result.current.setQuantity.mutate({ productId: PRODUCT, quantity: 1, add: true }));
      await waitFor(() => expect(result.current.setQuantity.isError).toBe(true));
      expect(result.current.setQuantity.error?.message).toBe('This product is out of stock');
    });

    it('says how many are left when the addition was cut to the stock, and shows the cart as it is', async () => {
      vi.stubGlobal('fetch', vi.fn(async () => Response.json(cartWith(4, 4))));
      const { result, queryClient } = setup();
      queryClient.setQueryData(cartKeys.server(buyer.id), cartWith(3, 4));
      act(() => result.current.setQuantity.mutate({ productId: PRODUCT, quantity: 2, add: true }));
      await waitFor(() => expect(result.current.setQuantity.isError).toBe(true));
      expect(result.current.setQuantity.error?.message).toBe('Not enough stock: only 4 left');
      expect(queryClient.getQueryData<CartOut>(cartKeys.server(buyer.id))?.items[0]?.quantity).toBe(4);
    });

    it('still sets an absolute quantity with PUT on the cart page', async () => {
      const fetch = vi.fn(async () => Response.json(cartWith(7)));
      vi.stubGlobal('fetch', fetch);
      const { result } = setup();
      await act(() => result.current.setQuantity.mutateAsync({ productId: PRODUCT, quantity: 7 }));
      expect(calls(fetch)).toEqual([
        { url: `/api/v1/cart/items/${PRODUCT}`, method: 'PUT', body: JSON.stringify({ quantity: 7 }) },
      ]);
    });
  });

  it('adds to the local cart of a visitor without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = setup();
    await act(() => result.current.setQuantity.mutateAsync({ productId: PRODUCT, quantity: 2, add: true }));
    await act(() => result.current.setQuantity.mutateAsync({ productId: PRODUCT, quantity: 3, add: true }));
    expect(fetch).not.toHaveBeenCalled();
    expect(cartStore.getLines()).toEqual([{ productId: PRODUCT, quantity: 5 }]);
  });
});
