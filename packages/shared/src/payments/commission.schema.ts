import { z } from 'zod';
import { text } from '../common/fields.js';
import { LANGUAGES } from '../common/language.js';
import { PageQuery } from '../common/paging.js';
import { commerceMessages as m } from '../cart-checkout/messages.js';

/**
 * A line of a dealer's commission ledger: `accrual` when a contractor's order is paid (or placed on
 * account), at the dealer's percent on the order's date, on the goods after discount (no tax, no
 * shipping); `reversal` (negative) for each refund, in proportion.
 */
export const COMMISSION_KINDS = ['accrual', 'reversal'] as const;

export const CommissionEntryOut = z.object({
  id: z.uuid(),
  kind: z.enum(COMMISSION_KINDS),
  orderId: z.uuid(),
  orderNumber: z.string(),
  contractorName: z.string(),
  baseCents: z.number().int(),
  percent: z.number(),
  amountCents: z.number().int(),
  created_at: z.string(),
});
export type CommissionEntryOut = z.infer<typeof CommissionEntryOut>;

/** A calendar month, `YYYY-MM`; months are counted in Eastern time (where the seller is). */
const month = text({ error: m.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.monthInvalid);

export const CommissionParams = z.object({ dealerId: z.uuid() });
/** GET /api/v1/dealers/:dealerId/commission?month=YYYY-MM (admins, and that dealer): newest first. */
export const CommissionQuery = PageQuery.extend({ month: month.optional() });
export type CommissionQuery = z.input<typeof CommissionQuery>;
export const CommissionLedgerOut = z.object({
  /** The dealer, with its commission percent today (each entry keeps the percent it was accrued at). */
  dealer: z.object({ id: z.uuid(), name: z.string(), percent: z.number() }),
  items: z.array(CommissionEntryOut),
  total: z.number().int(),
  /** Sum of the whole ledger (or of the month asked), cents. */
  balanceCents: z.number().int(),
});
export type CommissionLedgerOut = z.infer<typeof CommissionLedgerOut>;

/**
 * GET /api/v1/dealers/:dealerId/commission/statement.pdf?month=YYYY-MM[&locale=fr]: a month's statement
 * (this month when none is given), in English unless French is asked.
 */
export const StatementQuery = z.object({ month: month.optional(), locale: z.enum(LANGUAGES).default('en') });
export type StatementQuery = z.input<typeof StatementQuery>;
