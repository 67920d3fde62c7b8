import { normalisePostalCode } from '../cart-checkout/regions.js';
import { text } from '../common/fields.js';
import { installersMessages as m } from './messages.js';

/** A Canadian postal code, any case, spaced or not, that comes out in its one written form (`K1A 0B1`). */
export const canadianPostalCode = () =>
  text({ error: m.postalCodeInvalid })
    .max(12, m.postalCodeInvalid)
    .transform((v, ctx) => {
      const code = normalisePostalCode('CA', v);
      if (code === null) ctx.addIssue({ code: 'custom', message: m.postalCodeInvalid });
      return code ?? v;
    });

/** The forward sortation area (FSA) of a postal code in its written form: its first three characters. */
export const fsaOf = (postalCode: string) => postalCode.slice(0, 3);
