import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartItemsInput, CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import { commerceMessages } from '@meltway/shared/cart-checkout/messages';
import { api, ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { CART_LIMITS, cartStore, useLocalCartLines } from '@/lib/cart-store';
import { cartKeys } from '@/lib/cart-keys';

export const fetchServerCart = () => api.get<CartOut>('/api/v1/cart');
const priceLocalCart = (input: CartItemsInput) => api.post<CartOut>('/api/v1/cart/price', input);
export const mergeIntoServerCart = (input: CartItemsInput) => api.post<CartOut>('/api/v1/cart/merge', input);
const setServerQuantity = (productId: string, quantity: number) =>
  api.put<CartOut>(`/api/v1/cart/items/${encodeURIComponent(productId)}`, { quantity });
/**
 * Adds `quantity` to the signed-in user's line in one request: the server adds to what it holds (capped at the
 * stock) inside a transaction, so additions from two tabs both count. Returns the cart after the addition.
 */
async function addToServerCart(productId: string, quantity: number, before?: CartOut) {
  const cart = await api.post<CartOut>('/api/v1/cart/merge', { items: [{ productId, quantity }] });
  const line = cart.items.find((l) => l.productId === productId);
  // The server skips what it cannot add rather than failing: say why, as a refused PUT would.
  if (!line) {
    const full = cart.items.length >= CART_LIMITS.maxLines;
    const key = full ? 'tooManyLines' : 'outOfStock';
    throw new ApiError(409, { message: commerceMessages[key], code: `commerce.${key}` });
  }
  const had = before?.items.find((l) => l.productId === productId)?.quantity;
  if (had !== undefined && line.quantity < had + quantity && line.quantity >= line.stock) {
    throw new CartAddCapped(cart, line.stock);
  }
  return cart;
}

/** The addition was cut to the stock: the cart holds what was left, and the reader is told. */
class CartAddCapped extends ApiError {
  readonly cart: CartOut;
  constructor(cart: CartOut, stock: number) {
    super(409, {
      message: commerceMessages.notEnoughStock.replace('{stock}', String(stock)),
      code: 'commerce.notEnoughStock',
      params: { stock },
    });
    this.cart = cart;
  }
}

const removeServerItem = (productId: string) => api.delete<CartOut>(`/api/v1/cart/items/${encodeURIComponent(productId)}`);

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

/**
 * Reads, when called, how many of each product the cart holds now: the signed-in user's server cart (asked again,
 * so another tab's additions count) or the visitor's local lines.
 */
export function useCartQuantities() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return async (): Promise<Record<string, number>> => {
    const lines = user ? (await queryClient.fetchQuery({ queryKey: cartKeys.server(user.id), queryFn: fetchServerCart, staleTime: 0 })).items : cartStore.getLines();
    return Object.fromEntries(lines.map((l) => [l.productId, l.quantity]));
  };
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
      if (!add) return setServerQuantity(productId, quantity);
      return addToServerCart(productId, quantity, queryClient.getQueryData<CartOut>(cartKeys.server(user.id)));
    },
    onSuccess: (cart) => {
      if (cart) onServer(cart);
    },
    onError: (error) => {
      if (error instanceof CartAddCapped) onServer(error.cart);
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
