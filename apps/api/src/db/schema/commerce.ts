import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** One server cart per signed-in user. */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    // No foreign key on purpose: a line outlives a deleted product so the cart can say it is unavailable.
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_cart_product_unique').on(t.cartId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
    index('cart_items_product_idx').on(t.productId),
  ],
);
