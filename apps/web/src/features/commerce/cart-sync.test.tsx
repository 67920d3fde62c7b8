import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CartOut } from '@meltway/shared/commerce/cart.schema';
import { sessionStore, type SessionUser } from '@/lib/session';
import { cartStore } from './cart-store';
import { useCart } from './api/cart';
import CartSync from './cart-sync';

const buyer = { id: '00000000-0000-4000-8000-000000000007', fullname: 'Carl Customer', role: 'customer' } as SessionUser;
const PRODUCT = '00000000-0000-4000-8000-0000000000aa';
const cartOf = (quantity: number) =>
  ({
    items: quantity
      ? [{ productId: PRODUCT, name: 'Mat', slug: 'mat', image: null, unitPrice: 10900, quantity, stock: 50, status: 'available', lineTotal: 10900 * quantity }]
      : [],
    itemCount: quantity,
    subtotal: 10900 * quantity,
    checkoutReady: quantity > 0,
  }) as unknown as CartOut;

describe('the visitor cart merged at sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    cartStore.clear();
    cartStore.setServerCount(null);
  });

  it('is what the cart page shows, even when the page’s read of the server cart answers after the merge', async () => {
    // The server read the cart before the merge wrote to it, and its answer arrives last.
    let answerRead!: () => void;
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url === '/api/v1/cart/merge') return Promise.resolve(Response.json(cartOf(2)));
      if (!init?.method || init.method === 'GET') return new Promise<Response>((resolve) => (answerRead = () => resolve(Response.json(cartOf(0)))));
      throw new Error(`unexpected ${init.method} ${url}`);
    });
    vi.stubGlobal('fetch', fetch);
    cartStore.setLines([{ productId: PRODUCT, quantity: 2 }]);
    sessionStore.set({ user: buyer, access_token: 'a', refresh_token: 'r' });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

    const page = renderHook(() => useCart(), { wrapper });
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => !init?.method || init.method === 'GET')).toBe(true));
    render(<CartSync />, { wrapper });
    await waitFor(() => expect(page.result.current.data?.itemCount).toBe(2));
    answerRead();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(page.result.current.data?.itemCount).toBe(2);
    expect(cartStore.count()).toBe(2);
    expect(cartStore.getLines()).toEqual([]);
  });
});
