import { percentOf } from '@meltway/shared/cart-checkout/tax';
import type { Db } from '../../db/client.js';
import type { OrderRow } from '../../db/schema/commerce.js';
import * as repo from './ledger.repo.js';


/** The money of an order, as recorded: the same row whether the order is paid by card or on account. */
export const recordTransaction = (db: Db, t: repo.NewTransaction) => repo.insertTransaction(db, t);

/** The transaction recorded under a provider's reference, if any: a provider's event or a retried refund is recorded once. */
export const findTransaction = (db: Db, provider: 'account' | 'stripe' | 'test', kind: 'payment' | 'refund', ref: string) => repo.findTransaction(db, provider, kind, ref);

/**
 * Accrues the dealer's commission on an order of one of its contractors, once, when the order is paid
 * or placed on account: the percent kept on the order (the dealer's on the order's date) of the goods
 * after discount, without tax or shipping. Orders without a commission percent accrue nothing.
 */
export async function accrueCommission(db: Db, order: Pick<OrderRow, 'id' | 'dealerId' | 'commissionPercent' | 'subtotalCents' | 'discountCents'>) {
  if (!order.dealerId || order.commissionPercent === null) return undefined;
  const base = order.subtotalCents - order.discountCents;
  return repo.insertCommission(db, {
    dealerId: order.dealerId,
    orderId: order.id,
    kind: 'accrual',
    baseCents: base,
    percent: order.commissionPercent,
    amountCents: percentOf(base, order.commissionPercent),
  });
}

/**
 * Reverses commission for a refund (transaction `refundId` of `refundCents`), in proportion to the
 * order's total; the refund that completes the order's refunds reverses whatever is left, so a whole
 * refund always brings the order's commission to exactly zero.
 */
export async function reverseCommission(
  db: Db,
  order: Pick<OrderRow, 'id' | 'dealerId' | 'commissionPercent' | 'totalCents'>,
  refund: { id: string; amountCents: number; refundedAfterCents: number },
) {
  if (!order.dealerId || order.commissionPercent === null) return undefined;
  const { accrued, net, base } = await repo.commissionNet(db, order.id);
  if (accrued === 0) return undefined;
  const whole = refund.refundedAfterCents >= order.totalCents;
  const amount = whole ? net : Math.min(net, Math.round((accrued * refund.amountCents) / order.totalCents));
  const baseBack = Math.round((base * refund.amountCents) / order.totalCents);
  if (amount === 0) return undefined;
  return repo.insertCommission(db, {
    dealerId: order.dealerId,
    orderId: order.id,
    kind: 'reversal',
    transactionId: refund.id,
    baseCents: -baseBack,
    percent: order.commissionPercent,
    amountCents: -amount,
  });
}
