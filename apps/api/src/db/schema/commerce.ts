import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, type ShippingAddress } from '@meltway/shared/cart-checkout/checkout.schema';
import { COMMISSION_KINDS } from '@meltway/shared/payments/commission.schema';
import { ORDER_ACTIONS, ORDER_ACTORS, ORDER_STATUSES } from '@meltway/shared/orders/order-states';
import { TAX_CODES, type TaxLine } from '@meltway/shared/cart-checkout/tax';
import { PAYMENT_PROVIDERS, TRANSACTION_KINDS } from '@meltway/shared/payments/transaction.schema';
import { users } from './accounts.js';
import { categories } from './catalogue.js';

/** One server cart per signed-in user. */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The last visitor's cart merged in at sign-in: the same local cart sent again (a retry, a reload) adds nothing. */
  lastMergeKey: text('last_merge_key'),
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

export const taxCode = pgEnum('tax_code', TAX_CODES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const orderAction = pgEnum('order_action', ORDER_ACTIONS);
export const orderActor = pgEnum('order_actor', ORDER_ACTORS);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const transactionKind = pgEnum('transaction_kind', TRANSACTION_KINDS);
export const commissionKind = pgEnum('commission_kind', COMMISSION_KINDS);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => integer(name).notNull().default(0);

/**
 * Sales tax rates by province with the days they apply: `effective_to` is exclusive (the first day of
 * the next rate), null while no later rate is set. A rate starting on a day applies to orders placed
 * that day; the day of an order is its placement time's date in Eastern time (the tax service says so).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    province: text('province').notNull(),
    code: taxCode('code').notNull(),
    /** Percent, three decimals (9.975). */
    rate: numeric('rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    appliesToShipping: boolean('applies_to_shipping').notNull().default(true),
    effectiveFrom: date('effective_from').notNull(),
    effectiveTo: date('effective_to'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tax_rates_province_code_from_unique').on(t.province, t.code, t.effectiveFrom),
    check('tax_rates_rate_range', sql`${t.rate} >= 0 AND ${t.rate} <= 100`),
    check('tax_rates_dates_in_order', sql`${t.effectiveTo} IS NULL OR ${t.effectiveTo} > ${t.effectiveFrom}`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** As typed; unique case-insensitively (index on lower(code)). */
    code: text('code').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    minSubtotalCents: integer('min_subtotal_cents'),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** Orders placed with it and not cancelled; changed under the coupon's row lock, never past the limit. */
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_unique').on(sql`lower(${t.code})`),
    check('coupons_percent_range', sql`${t.discountPercent} BETWEEN 1 AND 100`),
    check('coupons_used_within_limit', sql`${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit})`),
    check('coupons_dates_in_order', sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Orders are numbered MW-<year>-<this sequence>: never random, never reused. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    status: orderStatus('status').notNull(),
    /** Null for a guest (and for a buyer since deleted: the order stays, with its email and name). */
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerRole: text('buyer_role'),
    buyerName: text('buyer_name').notNull(),
    /** Lower case: the guest's, or the account's at the time of the order. */
    email: text('email').notNull(),
    phone: text('phone'),
    /** The dealer whose orders these are: the buyer itself when a dealer buys, a contractor's dealer. */
    dealerId: uuid('dealer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The dealer's commission percent on the order's date (contractors' orders only). */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' }),
    locale: text('locale').notNull().default('en'),
    paymentMethod: paymentMethod('payment_method').notNull(),
    paymentProvider: paymentProvider('payment_provider').notNull(),
    /** The provider's payment reference (a Stripe PaymentIntent id). */
    paymentRef: text('payment_ref'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    shippingMethod: text('shipping_method').notNull(),
    subtotalCents: cents('subtotal_cents'),
    discountCents: cents('discount_cents'),
    shippingCents: cents('shipping_cents'),
    taxCents: cents('tax_cents'),
    totalCents: cents('total_cents'),
    refundedCents: cents('refunded_cents'),
    /** The tax lines as computed at placement, rates included: the order keeps what it used. */
    taxes: jsonb('taxes').$type<TaxLine[]>().notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    couponPercent: integer('coupon_percent'),
    /** The category the coupon was limited to when the order was placed, both names (null: the whole order; no French name). */
    couponCategoryName: text('coupon_category_name'),
    couponCategoryNameFr: text('coupon_category_name_fr'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** An unpaid card order's stock goes back at this time. */
    stockHeldUntil: timestamp('stock_held_until', { withTimezone: true }),
    /** Set once when the stock goes back (cancelled, or the hold expired): never twice. */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** `user:<id>` or `guest:<email>`, with the client's Idempotency-Key: one order per key and buyer. */
    idempotencyScope: text('idempotency_scope'),
    idempotencyKey: text('idempotency_key'),
    /** A fingerprint of the body placed with that key: the same key with another body is refused. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_idempotency_unique').on(t.idempotencyScope, t.idempotencyKey),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt, t.id),
    index('orders_dealer_created_idx').on(t.dealerId, t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_hold_idx').on(t.stockHeldUntil).where(sql`${t.status} = 'pending_payment' AND ${t.stockReleasedAt} IS NULL`),
    index('orders_payment_ref_idx').on(t.paymentRef),
    check('orders_money_not_negative', sql`${t.subtotalCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} >= 0`),
    check('orders_refund_within_total', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`),
  ],
);

/** An order's row: placement writes it, the orders module reads and changes it, payments read its money. */
export type OrderRow = typeof orders.$inferSelect;

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // No foreign key: the line keeps what was sold after the product is deleted.
    productId: uuid('product_id').notNull(),
    categoryId: uuid('category_id'),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    /** The product's French name when the order was placed; null where it had none (the English one serves). */
    nameFr: text('name_fr'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (t) => [
    unique('order_lines_order_position_unique').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every change of an order, with who made it and when: the timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    action: orderAction('action').notNull(),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    actorRole: orderActor('actor_role').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    amountCents: integer('amount_cents'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Coupon uses: one per order; the per-customer limit counts them by buyer key, under the coupon's lock. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `user:<id>` or `guest:<email>`. */
    buyerKey: text('buyer_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_coupon_buyer_idx').on(t.couponId, t.buyerKey)],
);

/** Money that moved: card payments and refunds, on-account charges and settlements. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: transactionKind('kind').notNull(),
    provider: paymentProvider('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('transactions_provider_ref_unique').on(t.provider, t.kind, t.providerRef),
    index('transactions_order_idx').on(t.orderId),
    index('transactions_created_idx').on(t.createdAt, t.id),
    check('transactions_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Webhook events already handled, by the provider's event id: the same event twice changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  provider: paymentProvider('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);

/** Trade accounts' credit: admins set the limit; what is owed is the sum of unsettled on-account orders. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    creditLimitCents: integer('credit_limit_cents').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('credit_accounts_limit_not_negative', sql`${t.creditLimitCents} >= 0`)],
);

export const commissionEntries = pgTable(
  'commission_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: commissionKind('kind').notNull(),
    /** The accrual: null; a reversal: the refund transaction it reverses. One entry per cause. */
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
    baseCents: integer('base_cents').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('commission_entries_accrual_unique').on(t.orderId).where(sql`${t.kind} = 'accrual'`),
    unique('commission_entries_transaction_unique').on(t.transactionId),
    index('commission_entries_dealer_created_idx').on(t.dealerId, t.createdAt, t.id),
  ],
);

/**
 * The durable outbox: work (mails) written in the same transaction as the change it follows, done by
 * a worker that claims rows with FOR UPDATE SKIP LOCKED and retries with back-off.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Given up after the last attempt: kept for an admin to see. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_due_idx').on(t.runAt).where(sql`${t.doneAt} IS NULL AND ${t.failedAt} IS NULL`)],
);
