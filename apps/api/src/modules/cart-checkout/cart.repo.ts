import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cartItems, carts } from '../../db/schema/commerce.js';

export const findCart = async (db: Db, userId: string) => (await db.select().from(carts).where(eq(carts.userId, userId)).limit(1))[0];

/** The user's cart, created on first use; concurrent first uses still make one cart (unique user_id). */
export async function ensureCart(db: Db, userId: string) {
  const created = (await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId }).returning())[0];
  return created ?? (await findCart(db, userId))!;
}

export const lockCart = async (db: Db, cartId: string) => (await db.select().from(carts).where(eq(carts.id, cartId)).for('update'))[0]!;

/** Locks the user's cart row, if there is one, until the transaction ends: placements of one cart take turns. */
export const lockCartOf = async (db: Db, userId: string) => (await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update'))[0];

export const setLastMergeKey = (db: Db, cartId: string, key: string) => db.update(carts).set({ lastMergeKey: key }).where(eq(carts.id, cartId));

export const cartLines = (db: Db, cartId: string) =>
  db.select({ productId: cartItems.productId, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));

export const countLines = async (db: Db, cartId: string) => (await db.select({ n: count() }).from(cartItems).where(eq(cartItems.cartId, cartId)))[0]?.n ?? 0;

export const hasLine = async (db: Db, cartId: string, productId: string) =>
  !!(await db.select({ id: cartItems.id }).from(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId))).limit(1))[0];

/** Sets a line's quantity, creating the line if needed (one line per product: unique constraint). */
export const setLine = (db: Db, cartId: string, productId: string, quantity: number) =>
  db
    .insert(cartItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.productId], set: { quantity, updatedAt: sql`now()` } });

/** Adds to a line in one statement, never past `cap`: concurrent merges cannot lose or exceed. */
export const addToLine = (db: Db, cartId: string, productId: string, quantity: number, cap: number) =>
  db
    .insert(cartItems)
    .values({ cartId, productId, quantity: Math.min(quantity, cap) })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { quantity: sql`least(${cartItems.quantity} + ${quantity}, ${cap})`, updatedAt: sql`now()` },
    });

export const deleteLine = async (db: Db, cartId: string, productId: string) =>
  (await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId))).returning({ id: cartItems.id }))[0];

/** Takes the products an order bought out of the user's cart (in the order's transaction). */
export const removeOrdered = (db: Db, userId: string, productIds: string[]) =>
  productIds.length
    ? db.delete(cartItems).where(and(inArray(cartItems.productId, productIds), inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)))))
    : Promise.resolve();
