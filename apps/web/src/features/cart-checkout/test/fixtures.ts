import type { CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import type { SessionUser } from '@/lib/session';

export const BUYER = { id: '00000000-0000-4000-8000-000000000007', fullname: 'Carl Customer', role: 'customer' } as SessionUser;
export const PRODUCT = '00000000-0000-4000-8000-0000000000aa';

/** A server cart of `quantity` units of PRODUCT at $10.00 (none: an empty cart), as GET /api/v1/cart answers it. */
export function cartWith(quantity: number, stock = 50): CartOut {
  const short = quantity > stock;
  return {
    items: quantity
      ? [
          {
            productId: PRODUCT,
            name: 'Heat pump',
            nameFr: null,
            slug: 'heat-pump',
            sku: 'HP-1',
            image: null,
            unitPrice: 1000,
            quantity,
            stock,
            status: short ? 'insufficient_stock' : 'available',
            lineTotal: 1000 * quantity,
          },
        ]
      : [],
    itemCount: quantity,
    subtotal: 1000 * quantity,
    currency: 'CAD',
    canCheckout: quantity > 0 && !short,
  };
}
