import { z } from 'zod';
import { CouponFields, couponDatesInOrder, type CouponOut } from '@meltway/shared/cart-checkout/coupon.schema';
import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date box's day as a moment in the admin's own time zone: its first millisecond, or with `end` its
 * last, so that "until 31 December" takes the whole day. Anything else is left for the schema to refuse.
 */
export function dayToIso(value: unknown, end = false): unknown {
  if (typeof value !== 'string') return value;
  if (value === '') return null;
  const match = DAY.exec(value);
  if (!match) return value;
  const [, y, mo, d] = match.map(Number) as [number, number, number, number];
  const at = end ? new Date(y, mo - 1, d, 23, 59, 59, 999) : new Date(y, mo - 1, d);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** The day (YYYY-MM-DD) a moment falls on in the admin's time zone, for a date box. */
export function isoToDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Dollars as typed (a comma is a decimal point in French) to whole cents; blank is no minimum. */
export function dollarsToCents(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/\s/g, '').replace(',', '.').replace(/^\$|\$$/g, '');
  if (text === '') return null;
  const dollars = Number(text);
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : value;
}

/** A whole number as typed; blank is none. */
const wholeNumber = (value: unknown) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value);

const { shape } = CouponFields;

/**
 * The coupon form: the shared coupon fields, read from its boxes. Days become moments (the first and
 * last millisecond of the days chosen), the minimum subtotal is typed in dollars and sent in cents.
 */
export const CouponForm = CouponFields.extend({
  discount_percent: z.preprocess(wholeNumber, shape.discount_percent),
  starts_at: z.preprocess((v) => dayToIso(v), shape.starts_at),
  ends_at: z.preprocess((v) => dayToIso(v, true), shape.ends_at),
  min_subtotal_cents: z.preprocess(dollarsToCents, shape.min_subtotal_cents),
}).refine(couponDatesInOrder, { path: ['ends_at'], message: m.couponDatesInvalid });

/** What the boxes hold. */
export type CouponFormValues = {
  name: string;
  code: string;
  discount_percent: string;
  description: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  per_customer_limit: string;
  min_subtotal_cents: string;
  category_id: string;
};

export const COUPON_FIELDS = [
  'name',
  'code',
  'discount_percent',
  'description',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_customer_limit',
  'min_subtotal_cents',
  'category_id',
] as const satisfies readonly (keyof CouponFormValues)[];

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's starting values: blank for a new coupon, the coupon's own otherwise. */
export function couponFormValues(coupon?: CouponOut | null): CouponFormValues {
  return {
    name: coupon?.name ?? '',
    code: coupon?.code ?? '',
    discount_percent: text(coupon?.discount_percent),
    description: coupon?.description ?? '',
    starts_at: isoToDay(coupon?.starts_at),
    ends_at: isoToDay(coupon?.ends_at),
    usage_limit: text(coupon?.usage_limit),
    per_customer_limit: text(coupon?.per_customer_limit),
    min_subtotal_cents: coupon?.min_subtotal_cents == null ? '' : (coupon.min_subtotal_cents / 100).toFixed(2),
    category_id: coupon?.category_id ?? '',
  };
}
