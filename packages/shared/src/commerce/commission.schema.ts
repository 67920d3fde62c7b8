import { z } from 'zod';
import { PageQuery } from '../common/paging.js';

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

export const CommissionParams = z.object({ dealerId: z.uuid() });
/** GET /api/v1/dealers/:dealerId/commission?month=YYYY-MM (admins, and that dealer). */
export const CommissionQuery = PageQuery.extend({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional() });
export const CommissionLedgerOut = z.object({
  items: z.array(CommissionEntryOut),
  total: z.number().int(),
  /** Sum of the whole ledger (or of the month asked), cents. */
  balanceCents: z.number().int(),
});
