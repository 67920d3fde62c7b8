import { z } from 'zod';
import { PROVINCES } from './regions.js';
import { commerceMessages as m } from './messages.js';
import { TAX_CODES } from './tax.js';

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
});
export type TaxRateOut = z.infer<typeof TaxRateOut>;

/**
 * POST /api/v1/tax-rates (admins): a rate change from a future date. The rate in force for that
 * province and tax ends the day before; the past is never rewritten.
 */
export const TaxRateInput = z.object({
  province: z.enum(PROVINCES, { error: m.provinceInvalid }),
  code: z.enum(TAX_CODES, { error: m.taxRateInvalid }),
  rate: z.coerce
    .number({ error: m.taxRateInvalid })
    .min(0, m.taxRateInvalid)
    .max(100, m.taxRateInvalid)
    .refine((r) => Math.abs(r * 1000 - Math.round(r * 1000)) < 1e-6, m.taxRateInvalid),
  appliesToShipping: z.boolean().default(true),
  effectiveFrom: z.iso.date({ error: m.taxDateInvalid }),
});
export type TaxRateInput = z.input<typeof TaxRateInput>;
