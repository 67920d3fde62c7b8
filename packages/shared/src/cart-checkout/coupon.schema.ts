import { z } from 'zod';
import { catalogueMessages } from '../catalogue/messages.js';
import { coercedInt, multilineText, text } from '../common/fields.js';
import { listQuery, optionalPaging, searchText } from '../common/paging.js';
import { COUPON_CODE_MAX } from './checkout.schema.js';
import { commerceMessages as m } from './messages.js';

const blankToNull = (v: unknown) => (v === '' ? null : v);
const limit = z.preprocess(blankToNull, coercedInt({ min: 1, message: m.couponLimitInvalid }).nullable());
const when = z.preprocess(blankToNull, z.iso.datetime({ offset: true, error: m.couponDatesInvalid }).nullable());

/** Codes are kept as typed but compared case-insensitively (a unique index on lower(code)). */
const COUPON_CODE = /^[A-Za-z0-9_-]{3,40}$/;

/** Each field's own rule, without a default: an update changes only the fields it sends. */
const rules = {
  name: text({ error: m.couponNameRequired }).min(1, m.couponNameRequired).max(120),
  code: text({ error: m.couponCodeRequired }).min(1, m.couponCodeRequired).max(COUPON_CODE_MAX, m.couponCodeInvalid).regex(COUPON_CODE, m.couponCodeInvalid),
  discount_percent: coercedInt({ min: 1, max: 100, message: m.couponPercentInvalid }),
  description: multilineText().max(2000),
  /** Valid from / until (ISO date-times); null: no bound. */
  starts_at: when,
  ends_at: when,
  /** Orders that may use it in all; null: no limit. */
  usage_limit: limit,
  /** Orders one customer (account or guest email) may use it on; null: no limit. */
  per_customer_limit: limit,
  /** Cents of goods before the discount; null: none. */
  min_subtotal_cents: z.preprocess(blankToNull, coercedInt({ message: m.couponMinimumInvalid }).nullable()),
  /** Only products of this category are discounted (and at least one must be in the cart); null: all. */
  category_id: z.preprocess(blankToNull, z.uuid({ error: catalogueMessages.categoryNotFound }).nullable()),
};

/** A coupon's fields without the rule between them, for forms that read them otherwise (dates from date boxes). */
export const CouponFields = z.object({
  ...rules,
  description: rules.description.default(''),
  starts_at: rules.starts_at.default(null),
  ends_at: rules.ends_at.default(null),
  usage_limit: rules.usage_limit.default(null),
  per_customer_limit: rules.per_customer_limit.default(null),
  min_subtotal_cents: rules.min_subtotal_cents.default(null),
  category_id: rules.category_id.default(null),
});

/** Whether the end comes after the start, when both are set. */
export const couponDatesInOrder = (c: { starts_at?: string | null; ends_at?: string | null }) =>
  !c.starts_at || !c.ends_at || Date.parse(c.ends_at) > Date.parse(c.starts_at);
const datesRule = { path: ['ends_at'], message: m.couponDatesInvalid };

/** POST /api/v1/coupons (SPEC.md §7: name, code, discount_percent, description, plus the rules). */
export const CouponInput = CouponFields.refine(couponDatesInOrder, datesRule);
export type CouponInput = z.input<typeof CouponInput>;

/** PUT /api/v1/coupons/:id: the fields sent change (the dates are checked again with the stored ones). */
export const CouponUpdate = z.object(rules).partial().refine(couponDatesInOrder, datesRule);
export type CouponUpdate = z.input<typeof CouponUpdate>;

export const CouponParams = z.object({ id: z.uuid({ error: m.couponNotFound }) });

export const CouponOut = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  discount_percent: z.number().int(),
  description: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  min_subtotal_cents: z.number().int().nullable(),
  category_id: z.uuid().nullable(),
  categoryName: z.string().nullable(),
  /** Orders placed with it and not cancelled. */
  used_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CouponOut = z.infer<typeof CouponOut>;

/**
 * GET /api/v1/coupons stays an array (SPEC.md §7), newest first; paging and search are optional: without
 * `page` and `pageSize`, every coupon (`pageSize` alone is the first page, `page` alone a page of 10).
 */
export const CouponListQuery = listQuery({
  // Not PageQuery's fields: their defaults would cut the list a dashboard table pages through on its own.
  ...optionalPaging,
  q: searchText(),
});
export type CouponListQuery = z.input<typeof CouponListQuery>;
