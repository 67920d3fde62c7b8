import { z } from 'zod';
import { secret } from '../common/fields.js';
import { ORDER_STATUSES } from '../orders/order-states.js';

/**
 * POST /api/v1/payments/test/confirm (the test provider's "card form": no money moves) and
 * POST /api/v1/payments/status (a guest's page asks how its payment went). The client secret the
 * placement answered proves the page placed the order.
 */
export const PaymentConfirmInput = z.object({
  orderId: z.uuid(),
  clientSecret: secret().min(1).max(300),
});
export type PaymentConfirmInput = z.input<typeof PaymentConfirmInput>;

export const PaymentStatusOut = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalCents: z.number().int(),
});
export type PaymentStatusOut = z.infer<typeof PaymentStatusOut>;

/** GET /api/v1/users/:id/credit and the answer of PUT …/credit-limit: a trade account's credit, cents. */
export const CreditOut = z.object({
  userId: z.uuid(),
  /** Null: no credit set, the account cannot pay on account. */
  creditLimitCents: z.number().int().nullable(),
  /** Unsettled on-account orders, less their refunds. */
  owedCents: z.number().int(),
  availableCents: z.number().int(),
});
export type CreditOut = z.infer<typeof CreditOut>;

