import type { BomLine } from './design.schema.js';
import type { StockShortLine } from './project.schema.js';

/**
 * A bill of materials against the stock and what the cart already holds, one line a product (quantities summed):
 * the same reckoning for a saved project's `POST /api/v1/designs/:id/cart` and for the generator's own "Add to cart".
 */
export function stockLines(bom: readonly Pick<BomLine, 'productId' | 'sku' | 'quantity' | 'stock'>[], inCart: Readonly<Record<string, number>>): StockShortLine[] {
  const byProduct = new Map<string, StockShortLine>();
  for (const l of bom) {
    const line = byProduct.get(l.productId);
    if (line) line.needed += l.quantity;
    else byProduct.set(l.productId, { productId: l.productId, sku: l.sku, needed: l.quantity, inStock: l.stock, inCart: inCart[l.productId] ?? 0 });
  }
  return [...byProduct.values()];
}

/** Whether the stock cannot take a line on top of what the cart holds. */
export const isShort = (l: StockShortLine) => l.inCart + l.needed > l.inStock;

/** The lines of `bom` the stock cannot take on top of what the cart holds (`inCart`, by product). */
export const shortLines = (bom: Parameters<typeof stockLines>[0], inCart: Readonly<Record<string, number>>) => stockLines(bom, inCart).filter(isShort);

/** How many of a line can still go in the cart, and how many the design will lack. */
export const shortfall = (l: StockShortLine) => {
  const canAdd = Math.max(0, Math.min(l.needed, l.inStock - l.inCart));
  return { canAdd, missing: l.needed - canAdd };
};
