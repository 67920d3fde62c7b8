import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '@/lib/session';
import { cartStore, useLocalCartLines } from '@/lib/cart-store';
import { cartMergeKey } from '@/lib/cart-merge-key';
import { cartKeys } from '@/lib/cart-keys';
import { fetchServerCart, mergeIntoServerCart } from './api/cart';

let merging: Promise<unknown> | null = null;

/**
 * Mounted while someone is signed in: moves the local cart a visitor filled into the server cart
 * (then empties the local one) and keeps the header's count in step with the server cart.
 */
export default function CartSync() {
  const userId = useCurrentUser()?.id;
  const lines = useLocalCartLines();
  const queryClient = useQueryClient();
  const hasLocal = lines.length > 0;

  useEffect(() => {
    if (!userId || merging) return;
    const work = hasLocal
      ? mergeIntoServerCart({ ...cartStore.payload(), mergeKey: cartMergeKey() }).then((cart) => {
          cartStore.clear();
          return cart;
        })
      : queryClient.fetchQuery({ queryKey: cartKeys.server(userId), queryFn: fetchServerCart });
    merging = work
      .then(async (cart) => {
        // A read of the server cart that a page started before this answer (the cart page, opened as the merge
        // left) may answer after it with the cart from before the merge; it is dropped, not let overwrite this one.
        await queryClient.cancelQueries({ queryKey: cartKeys.server(userId) });
        queryClient.setQueryData(cartKeys.server(userId), cart);
        cartStore.setServerCount(cart.itemCount);
      })
      .catch(() => {
        // The local cart stays as it is and the merge is tried again on the next page.
      })
      .finally(() => {
        merging = null;
      });
  }, [userId, hasLocal, queryClient]);

  useEffect(() => () => cartStore.setServerCount(null), []);

  return null;
}
