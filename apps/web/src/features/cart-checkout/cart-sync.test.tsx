import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionStore } from '@/lib/session';
import { cartStore } from '@/lib/cart-store';
import { useCart } from './api/cart';
import CartSync from './cart-sync';
import { BUYER as buyer, cartWith, PRODUCT } from './test/fixtures';

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
    // Resolves once the page's query has read the late answer's body: what it would set, it sets in the same task.
    let bodyRead: Promise<string> | undefined;
    const fetch = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url === '/api/v1/cart/merge') return Promise.resolve(Response.json(cartWith(2)));
      if (!init?.method || init.method === 'GET') {
        const answer = Response.json(cartWith(0));
        const text = answer.text.bind(answer);
        answer.text = () => (bodyRead = text());
        return new Promise<Response>((resolve) => (answerRead = () => resolve(answer)));
      }
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
    await waitFor(() => expect(bodyRead).toBeDefined());
    await bodyRead;
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(page.result.current.data?.itemCount).toBe(2);
    expect(cartStore.count()).toBe(2);
    expect(cartStore.getLines()).toEqual([]);
  });
});
