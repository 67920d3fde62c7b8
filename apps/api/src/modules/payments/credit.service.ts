import { accountsMessages as am } from '@meltway/shared/accounts/messages';
import type { Role } from '@meltway/shared/accounts/roles';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { CreditLimitInput } from '@meltway/shared/orders/order.schema';
import type { CreditOut } from '@meltway/shared/payments/payment.schema';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { actor, type Ctx } from '../../lib/ctx.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import * as repo from './credit.repo.js';

/** The trade accounts that may buy on account, with a limit set by admins. */
export const CREDIT_ROLES: readonly Role[] = ['dealer', 'contractor'];

export type Credit = Omit<CreditOut, 'userId'>;

/**
 * A user's credit: the limit (null when none is set), what its on-account orders owe, and what is left
 * (never below 0, also when an admin lowered the limit under what is owed). With `lock`, inside a
 * transaction, the credit row stays locked until it ends: orders on account check and take credit
 * one at a time, so parallel orders cannot pass the limit together.
 */
export async function creditOf(db: Db, userId: string, lock = false): Promise<Credit> {
  const limit = await repo.findCreditLimit(db, userId, lock);
  const owed = await repo.owedBy(db, userId);
  return { creditLimitCents: limit ?? null, owedCents: owed, availableCents: limit === undefined ? 0 : Math.max(0, limit - owed) };
}

/** GET /users/:id/credit: an admin, or the user itself (anyone else is told there is no such user). */
export async function getCredit(ctx: Ctx, userId: string): Promise<CreditOut> {
  const me = actor(ctx);
  if (me.role !== 'admin' && me.id !== userId) throw new NotFoundError(am.userNotFound);
  if (!(await repo.findAccountHolder(ctx.db, userId))) throw new NotFoundError(am.userNotFound);
  return { userId, ...(await creditOf(ctx.db, userId)) };
}

/** PUT /users/:id/credit-limit (admins): sets a dealer's or contractor's limit; null removes its credit. */
export async function setCreditLimit(ctx: Ctx, userId: string, input: z.output<typeof CreditLimitInput>): Promise<CreditOut> {
  const holder = await repo.findAccountHolder(ctx.db, userId);
  if (!holder) throw new NotFoundError(am.userNotFound);
  if (!CREDIT_ROLES.includes(holder.role)) throw new BadRequestError(m.accountNotAllowed);
  if (input.creditLimitCents === null) await repo.deleteCreditLimit(ctx.db, userId);
  else await repo.upsertCreditLimit(ctx.db, userId, input.creditLimitCents);
  return { userId, ...(await creditOf(ctx.db, userId)) };
}
