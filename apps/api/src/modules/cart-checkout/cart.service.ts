import { CART_MAX_LINES, type CartItemsInput, type CartLine, type CartOut } from '@meltway/shared/cart-checkout/cart.schema';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { FieldError, NotFoundError } from '../../lib/errors.js';
import { productsForPricing } from '../catalogue/products.service.js';
import * as repo from './cart.repo.js';

type Item = { productId: string; quantity: number };

/** Adds up the quantities of lines that name the same product. */
const combine = (items: readonly Item[]): Item[] => {
  const sums = new Map<string, number>();
  for (const i of items) sums.set(i.productId, (sums.get(i.productId) ?? 0) + i.quantity);
  return [...sums].filter(([, q]) => q > 0).map(([productId, quantity]) => ({ productId, quantity }));
};

/** Prices lines from the live catalogue: price, stock and state are the server's, never the client's. */
async function price(ctx: Ctx, items: readonly Item[]): Promise<CartOut> {
  const products = await productsForPricing(ctx, items.map((i) => i.productId));
  const lines: CartLine[] = items.map(({ productId, quantity }) => {
    const p = products.get(productId);
    const onSale = !!p && p.active;
    const status = !onSale ? 'unavailable' : p.stock === 0 ? 'out_of_stock' : quantity > p.stock ? 'insufficient_stock' : 'available';
    const unitPrice = onSale ? p.priceCents : null;
    return {
      productId,
      quantity,
      status,
      name: onSale ? p.name : null,
      nameFr: onSale ? p.nameFr : null,
      slug: onSale ? p.slug : null,
      sku: onSale ? p.sku : null,
      image: onSale ? p.image : null,
      stock: onSale ? p.stock : 0,
      unitPrice,
      lineTotal: unitPrice !== null && (status === 'available' || status === 'insufficient_stock') ? unitPrice * quantity : 0,
    };
  });
  return {
    items: lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: lines.reduce((n, l) => n + l.lineTotal, 0),
    currency: 'CAD',
    canCheckout: lines.length > 0 && lines.every((l) => l.status === 'available'),
  };
}

async function userCart(ctx: Ctx) {
  const cart = await repo.findCart(ctx.db, actor(ctx).id);
  return price(ctx, cart ? await repo.cartLines(ctx.db, cart.id) : []);
}

/** The signed-in user's cart, priced now. */
export const getCart = (ctx: Ctx) => userCart(ctx);

/** Sets how many of a product the cart holds; 0 removes it; more than the stock is refused. */
export async function setQuantity(ctx: Ctx, productId: string, quantity: number) {
  const me = actor(ctx);
  if (quantity === 0) {
    const cart = await repo.findCart(ctx.db, me.id);
    if (cart) await repo.deleteLine(ctx.db, cart.id, productId);
    return userCart(ctx);
  }
  const product = (await productsForPricing(ctx, [productId])).get(productId);
  if (!product || !product.active) throw new NotFoundError(m.productNotFound);
  if (product.stock === 0) throw new FieldError('quantity', m.outOfStock);
  if (quantity > product.stock) throw new FieldError('quantity', m.notEnoughStock, { stock: product.stock });
  const cart = await repo.ensureCart(ctx.db, me.id);
  if (!(await repo.hasLine(ctx.db, cart.id, productId)) && (await repo.countLines(ctx.db, cart.id)) >= CART_MAX_LINES) {
    throw new FieldError('productId', m.tooManyLines);
  }
  await repo.setLine(ctx.db, cart.id, productId, quantity);
  return userCart(ctx);
}

/** Removes a product from the signed-in user's cart; 404 when it is not in it. */
export async function removeItem(ctx: Ctx, productId: string) {
  const cart = await repo.findCart(ctx.db, actor(ctx).id);
  if (!cart || !(await repo.deleteLine(ctx.db, cart.id, productId))) throw new NotFoundError(m.notInCart);
  return userCart(ctx);
}

/**
 * Merges a visitor's local cart at sign-in: quantities of the same product add up, capped at the
 * stock; products no longer on sale are left out.
 */
export async function mergeCart(ctx: Ctx, input: z.output<typeof CartItemsInput>) {
  const me = actor(ctx);
  const items = combine(input.items);
  const products = await productsForPricing(ctx, items.map((i) => i.productId));
  const cart = await repo.ensureCart(ctx.db, me.id);
  await ctx.db.transaction(async (tx) => {
    if (input.mergeKey) {
      // Under the cart's lock: the same local cart sent twice at once is merged once.
      if ((await repo.lockCart(tx, cart.id)).lastMergeKey === input.mergeKey) return;
      await repo.setLastMergeKey(tx, cart.id, input.mergeKey);
    }
    let lines = await repo.countLines(tx, cart.id);
    for (const item of items) {
      const p = products.get(item.productId);
      if (!p || !p.active || p.stock === 0) continue;
      const isNew = !(await repo.hasLine(tx, cart.id, item.productId));
      if (isNew && lines >= CART_MAX_LINES) continue;
      await repo.addToLine(tx, cart.id, item.productId, item.quantity, p.stock);
      if (isNew) lines += 1;
    }
  });
  return userCart(ctx);
}

/** Prices a visitor's local cart; whatever price the browser kept is ignored. */
export async function priceItems(ctx: Ctx, input: z.output<typeof CartItemsInput>) {
  return price(ctx, combine(input.items));
}
