import { z } from 'zod';
import { phoneNumber, text } from '../common/fields.js';
import { catalogueMessages as m } from './messages.js';

const phone = phoneNumber({ required: m.phoneRequired, digits: m.phoneInvalid, min: m.phoneInvalid });

/** POST /api/v1/suppliers. */
export const SupplierInput = z.object({
  name: text({ error: m.nameRequired }).min(1, m.nameRequired).max(120),
  contact: text({ error: m.contactRequired }).min(1, m.contactRequired).max(120),
  email: text({ error: m.emailRequired })
    .min(1, { error: m.emailRequired, abort: true })
    .pipe(z.email({ error: m.emailInvalid }))
    .transform((s) => s.toLowerCase()),
  phone,
});
export type SupplierInput = z.input<typeof SupplierInput>;

export const SupplierUpdate = SupplierInput.partial();
export type SupplierUpdate = z.input<typeof SupplierUpdate>;

export const SupplierOut = z.object({
  id: z.uuid(),
  name: z.string(),
  contact: z.string(),
  email: z.string(),
  phone: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupplierOut = z.infer<typeof SupplierOut>;

export const SupplierList = z.object({ items: z.array(SupplierOut), total: z.number().int() });

export const TaxonomyIdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
