import { catalogueMessages } from '@meltway/shared/catalogue/messages';
import type { CouponInput, CouponListQuery, CouponOut, CouponUpdate } from '@meltway/shared/cart-checkout/coupon.schema';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors.js';
import { getCategory } from '../catalogue/catalogue.service.js';
import * as repo from './coupons.repo.js';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findCoupon>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toCouponOut = ({ coupon: c, categoryName }: Row): CouponOut => ({
  id: c.id,
  name: c.name,
  code: c.code,
  discount_percent: c.discountPercent,
  description: c.description,
  starts_at: iso(c.startsAt),
  ends_at: iso(c.endsAt),
  usage_limit: c.usageLimit,
  per_customer_limit: c.perCustomerLimit,
  min_subtotal_cents: c.minSubtotalCents,
  category_id: c.categoryId,
  categoryName,
  used_count: c.usedCount,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

/** The columns of the fields sent (an update leaves the others alone). */
function valuesOf(input: z.output<typeof CouponUpdate>): Partial<repo.CouponValues> {
  const date = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));
  const values: Partial<repo.CouponValues> = {
    name: input.name,
    code: input.code,
    discountPercent: input.discount_percent,
    description: input.description,
    startsAt: date(input.starts_at),
    endsAt: date(input.ends_at),
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    minSubtotalCents: input.min_subtotal_cents,
    categoryId: input.category_id,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** A category the coupon is limited to must exist: a 400 on the field otherwise. */
async function checkCategory(ctx: Ctx, categoryId: string | null | undefined) {
  if (!categoryId) return;
  try {
    await getCategory(ctx, categoryId);
  } catch (err) {
    if (err instanceof NotFoundError) throw new FieldError('category_id', catalogueMessages.categoryNotFound);
    throw err;
  }
}

/** The database's refusals a request can cause: a code taken (the index on lower(code)), a category deleted since the check. */
const refusal = (err: unknown): never => {
  if (uniqueViolation(err) !== undefined) throw new ConflictError(m.couponCodeTaken, 'code');
  if (foreignKeyViolation(err) !== undefined) throw new FieldError('category_id', catalogueMessages.categoryNotFound);
  throw err;
};

async function readCoupon(ctx: Ctx, id: string) {
  const row = await repo.findCoupon(ctx.db, id);
  if (!row) throw new NotFoundError(m.couponNotFound);
  return toCouponOut(row);
}

/** Coupons, newest first (SPEC.md §7: an array), searched by name, code or description. */
export async function listCoupons(ctx: Ctx, query: z.output<typeof CouponListQuery>) {
  return (await repo.listCoupons(ctx.db, query)).map(toCouponOut);
}

/** Creates a coupon; its code is unique whatever its case. */
export async function createCoupon(ctx: Ctx, input: z.output<typeof CouponInput>) {
  await checkCategory(ctx, input.category_id);
  const { id } = await repo.insertCoupon(ctx.db, valuesOf(input) as repo.CouponValues).catch(refusal);
  return readCoupon(ctx, id);
}

/**
 * Changes the fields sent. Under the coupon's row lock, which redemptions take too: the usage limit
 * never goes below the uses already counted, and the dates stay in order with the stored ones.
 */
export async function updateCoupon(ctx: Ctx, id: string, input: z.output<typeof CouponUpdate>) {
  await checkCategory(ctx, input.category_id);
  await ctx.db
    .transaction(async (tx) => {
      const coupon = await repo.lockCoupon(tx, id);
      if (!coupon) throw new NotFoundError(m.couponNotFound);
      const limit = input.usage_limit === undefined ? coupon.usageLimit : input.usage_limit;
      if (limit !== null && limit < coupon.usedCount) throw new FieldError('usage_limit', m.couponLimitBelowUsed, { used: coupon.usedCount });
      const startsAt = input.starts_at === undefined ? coupon.startsAt : input.starts_at && new Date(input.starts_at);
      const endsAt = input.ends_at === undefined ? coupon.endsAt : input.ends_at && new Date(input.ends_at);
      if (startsAt && endsAt && endsAt <= startsAt) throw new FieldError('ends_at', m.couponDatesInvalid);
      await repo.updateCoupon(tx, id, valuesOf(input));
    })
    .catch(refusal);
  return readCoupon(ctx, id);
}

/** Deletes a coupon; orders placed with it keep its code and their discount. */
export async function deleteCoupon(ctx: Ctx, id: string) {
  if (!(await repo.deleteCoupon(ctx.db, id))) throw new NotFoundError(m.couponNotFound);
}
