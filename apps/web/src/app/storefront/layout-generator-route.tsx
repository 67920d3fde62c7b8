import { useCartActions, useCartQuantities } from '@/features/cart-checkout/api/cart';
import LayoutGeneratorPage from '@/features/design/pages/layout-generator-page';
import { useErrorText } from '@/lib/error-text';

/** The layout generator with its "Add to cart" wired to the cart: design and commerce meet here. */
export default function LayoutGeneratorRoute() {
  const { setQuantity } = useCartActions();
  const inCart = useCartQuantities();
  const errorMessage = useErrorText();
  return (
    <LayoutGeneratorPage
      cart={{
        pending: setQuantity.isPending,
        errorMessage,
        inCart,
        addLines: async (lines) => {
          const failed: { productId: string; error: unknown }[] = [];
          // One line after the other, as the product page adds one: each addition reads the cart the one before left.
          for (const line of lines) {
            try {
              await setQuantity.mutateAsync({ ...line, add: true });
            } catch (error) {
              failed.push({ productId: line.productId, error });
            }
          }
          return { failed };
        },
      }}
    />
  );
}
