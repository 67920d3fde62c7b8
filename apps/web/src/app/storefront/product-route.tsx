import ProductPage from '@/features/catalogue/pages/product-page';
import { useCartActions } from '@/features/commerce/api/cart';
import { useCartError } from '@/features/commerce/use-cart-error';

/** The product page with its add-to-cart wired to the cart: catalogue and commerce meet here. */
export default function ProductRoute() {
  const { setQuantity } = useCartActions();
  const errorMessage = useCartError();
  return (
    <ProductPage
      cart={{
        pending: setQuantity.isPending,
        add: (productId, quantity, handlers) => setQuantity.mutate({ productId, quantity, add: true }, handlers),
        errorMessage,
      }}
    />
  );
}
