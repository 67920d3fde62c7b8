import ProductPage from '@/features/catalogue/pages/product-page';
import { useCartActions } from '@/features/cart-checkout/api/cart';
import { useErrorText } from '@/lib/error-text';

/** The product page with its add-to-cart wired to the cart: catalogue and commerce meet here. */
export default function ProductRoute() {
  const { setQuantity } = useCartActions();
  const errorMessage = useErrorText();
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
