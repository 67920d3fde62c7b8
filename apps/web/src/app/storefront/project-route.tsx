import { useQueryClient } from '@tanstack/react-query';
import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import { cartKeys } from '@/lib/cart-keys';
import { cartStore } from '@/lib/cart-store';
import ProjectPage from '@/features/design/pages/project-page';
import { useCurrentUser } from '@/lib/session';

/** A saved project with its "Add all to cart" wired to the cart and the header's count: design and commerce meet here. */
export default function ProjectRoute() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id;
  return (
    <ProjectPage
      onCart={(cart: CartOut) => {
        if (userId) queryClient.setQueryData(cartKeys.server(userId), cart);
        cartStore.setServerCount(cart.itemCount);
      }}
    />
  );
}
