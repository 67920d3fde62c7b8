import { z } from 'zod';
import { PROVINCES } from './regions.js';
import { commerceMessages as m } from './messages.js';
import { levies, TAX_CODES } from './tax.js';

/** Where a rate stands on the server's tax day: ended, in force, or starting later. */
const TAX_RATE_STATUSES = ['past', 'current', 'scheduled'] as const;
export type TaxRateStatus = (typeof TAX_RATE_STATUSES)[number];

/** GET /api/v1/tax-rates: every rate, past, current and future, by province. */
export const TaxRateOut = z.object({
  id: z.uuid(),
  province: z.enum(PROVINCES),
  code: z.enum(TAX_CODES),
  rate: z.number(),
  appliesToShipping: z.boolean(),
  effectiveFrom: z.string(),
  /** Exclusive: the first day the rate no longer applies; null while no later rate is set. */
  effectiveTo: z.string().nullable(),
  status: z.enum(TAX_RATE_STATUSES),
});
export type TaxRateOut = z.infer<typeof TaxRateOut>;

/**
 * POST /api/v1/tax-rates (admins): a rate change from a future date. The rate in force for that
 * province and tax ends the day before; the past is never rewritten.
 */
export const TaxRateFields = z.object({
  province: z.enum(PROVINCES, { error: m.provinceInvalid }),
  code: z.enum(TAX_CODES, { error: m.taxCodeInvalid }),
  // A blank box is no rate at all, not 0%.
  rate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: m.taxRateInvalid })
      .min(0, m.taxRateInvalid)
      .max(100, m.taxRateInvalid)
      .refine((r) => Math.abs(r * 1000 - Math.round(r * 1000)) < 1e-6, m.taxRateInvalid),
  ),
  /** Whether shipping is taxed too; left out, as the rate it follows (true for a tax the province did not have). */
  appliesToShipping: z.boolean().optional(),
  effectiveFrom: z.iso.date({ error: m.taxDateInvalid }),
});

/** A QST for Ontario would be charged beside its HST: only the taxes a province levies take a rate. */
export function taxLevied(r: { province: string; code: string }, ctx: z.RefinementCtx) {
  if (!(TAX_CODES as readonly string[]).includes(r.code)) return;
  if (!levies(r.province, r.code as (typeof TAX_CODES)[number])) ctx.addIssue({ code: 'custom', path: ['code'], message: m.taxNotLevied });
}

export const TaxRateInput = TaxRateFields.superRefine(taxLevied);
export type TaxRateInput = z.input<typeof TaxRateInput>;
