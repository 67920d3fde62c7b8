/** Every cart message a user can read, in English; the web app translates them by key. */
export const commerceMessages = {
  quantityInvalid: 'Quantity must be a whole number, 0 or more',
  productNotFound: 'Product not found',
  notInCart: 'This product is not in your cart',
  notEnoughStock: 'Not enough stock: only {stock} left',
  outOfStock: 'This product is out of stock',
  tooManyLines: 'A cart can hold at most 100 different products',
} as const;

export type CommerceMessageKey = keyof typeof commerceMessages;
