import { z } from 'zod';
import { newestFirstUnlessSorted, PageQuery, searchText } from '../common/paging.js';
import { commerceMessages as m } from '../cart-checkout/messages.js';

/**
 * payment: a card payment taken; refund: money given back (card or account credit);
 * account_charge: an order placed on account (an invoice due); account_settlement: that invoice paid.
 */
export const TRANSACTION_KINDS = ['payment', 'refund', 'account_charge', 'account_settlement'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const PAYMENT_PROVIDERS = ['account', 'stripe', 'test'] as const;

export const TransactionOut = z.object({
  id: z.uuid(),
  kind: z.enum(TRANSACTION_KINDS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's reference (a PaymentIntent or refund id), or ours for account entries. */
  providerRef: z.string(),
  /** Cents; refunds are positive amounts of kind `refund`. */
  amountCents: z.number().int(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  buyerName: z.string(),
  dealerName: z.string().nullable(),
  created_at: z.string(),
});
export type TransactionOut = z.infer<typeof TransactionOut>;

const isoDate = z.iso.date({ error: m.taxDateInvalid });

/**
 * The columns the transaction list sorts by (the table's column ids): the date, the amount as the list shows it
 * (a refund counts as negative) and the kind (a transaction has no status of its own: its kind says what it is),
 * in the order of TRANSACTION_KINDS.
 */
export const TRANSACTION_SORTS = ['created_at', 'amount', 'kind'] as const;

/** GET /api/v1/transactions: admins all; a dealer its own and its contractors'. */
export const TransactionListQuery = PageQuery.extend({
  kind: z.enum(TRANSACTION_KINDS).optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Searches the order number, the buyer's name and email, and the provider's reference. */
  q: searchText(),
  /** Sorted by date, amount or kind, then by id so equal keys keep one order; none: newest first. */
  ...newestFirstUnlessSorted(TRANSACTION_SORTS),
});
export type TransactionListQuery = z.input<typeof TransactionListQuery>;
/** GET /api/v1/transactions/export.csv: the list's filters; the export holds the whole filtered list. */
export const TransactionExportQuery = TransactionListQuery.omit({ page: true, pageSize: true });
export type TransactionExportQuery = z.input<typeof TransactionExportQuery>;
