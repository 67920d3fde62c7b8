import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartItemsInput, CartOut } from '@meltway/shared/commerce/cart.schema';
import { api } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { cartStore, useLocalCartLines } from '../cart-store';
import { cartKeys } from './cart-keys';

export const fetchServerCart = () => api.get<CartOut>('/api/v1/cart');
export const priceLocalCart = (input: CartItemsInput) => api.post<CartOut>('/api/v1/cart/price', input);
export const mergeIntoServerCart = (input: CartItemsInput) => api.post<CartOut>('/api/v1/cart/merge', input);
export const setServerQuantity = (productId: string, quantity: number) =>
  api.put<CartOut>(`/api/v1/cart/items/${encodeURIComponent(productId)}`, { quantity });
export const removeServerItem = (productId: string) => api.delete<CartOut>(`/api/v1/cart/items/${encodeURIComponent(productId)}`);

/**
 * The cart as the server prices it now: the signed-in user's server cart, or the visitor's local
 * lines priced by POST /cart/price. Prices never come from storage.
 */
export function useCart() {
  const user = useCurrentUser();
  const lines = useLocalCartLines();
  return useQuery({
    queryKey: user ? cartKeys.server(user.id) : cartKeys.priced(lines),
    queryFn: user ? fetchServerCart : () => priceLocalCart({ items: lines }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Add, set or remove a line, wherever the cart lives. */
export function useCartActions() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const onServer = (cart: CartOut) => {
    if (!user) return;
    queryClient.setQueryData(cartKeys.server(user.id), cart);
    cartStore.setServerCount(cart.itemCount);
  };
  const setQuantity = useMutation({
    mutationFn: async ({ productId, quantity, add }: { productId: string; quantity: number; add?: boolean }) => {
      if (!user) {
        if (add) cartStore.add(productId, quantity);
        else cartStore.setQuantity(productId, quantity);
        return null;
      }
      const current = queryClient.getQueryData<CartOut>(cartKeys.server(user.id)) ?? (await fetchServerCart());
      const existing = current.items.find((l) => l.productId === productId)?.quantity ?? 0;
      return setServerQuantity(productId, add ? existing + quantity : quantity);
    },
    onSuccess: (cart) => {
      if (cart) onServer(cart);
    },
  });
  const remove = useMutation({
    mutationFn: async (productId: string) => {
      if (!user) {
        cartStore.remove(productId);
        return null;
      }
      return removeServerItem(productId);
    },
    onSuccess: (cart) => {
      if (cart) onServer(cart);
    },
  });
  return { setQuantity, remove };
}
