import { z } from 'zod';
import { coercedInt } from '../common/fields.js';
import { commerceMessages as m } from './messages.js';

export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 10_000;

const quantity = coercedInt({ max: CART_MAX_QUANTITY, message: m.quantityInvalid });

/** PUT /api/v1/cart/items/:productId. 0 removes the line. */
export const CartQuantityInput = z.object({ quantity });
export type CartQuantityInput = z.input<typeof CartQuantityInput>;

/** A line as a visitor's browser keeps it: no price, the server decides that. */
export const CartItemInput = z.object({ productId: z.uuid({ error: m.productNotFound }), quantity });
export type CartItemInput = z.input<typeof CartItemInput>;

/** POST /api/v1/cart/merge and POST /api/v1/cart/price. */
export const CartItemsInput = z.object({
  items: z.array(CartItemInput).max(CART_MAX_LINES, m.tooManyLines),
  /**
   * POST /cart/merge: the id of the visitor's local cart being moved in at sign-in. A merge with the key
   * the cart last merged is answered without adding anything again (the first one may have landed
   * while its answer was lost to a navigation).
   */
  mergeKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
});
export type CartItemsInput = z.input<typeof CartItemsInput>;

export const CartProductParams = z.object({ productId: z.uuid({ error: m.productNotFound }) });

/**
 * available: can be bought at this quantity; insufficient_stock: fewer in stock than asked;
 * out_of_stock: none left; unavailable: deleted or no longer sold.
 */
const CART_LINE_STATUSES = ['available', 'insufficient_stock', 'out_of_stock', 'unavailable'] as const;

export const CartLine = z.object({
  productId: z.uuid(),
  quantity: z.number().int(),
  status: z.enum(CART_LINE_STATUSES),
  /** Null when the product is unavailable. */
  name: z.string().nullable(),
  /** The French name; null when none was written (the English one serves) or the product is unavailable. */
  nameFr: z.string().nullable(),
  slug: z.string().nullable(),
  sku: z.string().nullable(),
  image: z.string().nullable(),
  stock: z.number().int(),
  /** Integer cents, CAD, read from the catalogue at this moment. */
  unitPrice: z.number().int().nullable(),
  /** unitPrice x quantity; 0 for an unavailable line. */
  lineTotal: z.number().int(),
});
export type CartLine = z.infer<typeof CartLine>;

/** A cart priced by the server. `subtotal` (cents, before tax) counts every line still on sale (available or short of stock). */
export const CartOut = z.object({
  items: z.array(CartLine),
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  currency: z.literal('CAD'),
  /** False while a line is unavailable or asks for more than the stock. */
  canCheckout: z.boolean(),
});
export type CartOut = z.infer<typeof CartOut>;
