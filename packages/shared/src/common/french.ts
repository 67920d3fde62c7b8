import { z } from 'zod';
import { multilineText, text } from './fields.js';
import { LANGUAGES } from './language.js';
import { commonMessages as m } from './messages.js';

/**
 * Content is written in English, and optionally in French beside it (`nameFr` next to `name`): a French
 * page shows the French text where there is one and the English one otherwise.
 */

/** The `lang` query parameter of a search: the page's language, whose texts it compares (French falling back to English). */
export const langQuery = z.enum(LANGUAGES, { error: m.langInvalid }).default('en');

const TOO_LONG = {
  120: m.frenchTooLong120,
  200: m.frenchTooLong200,
  500: m.frenchTooLong500,
  5000: m.frenchTooLong5000,
  20_000: m.frenchTooLong20000,
  50_000: m.frenchTooLong50000,
} as const;
export type FrenchMax = keyof typeof TOO_LONG;

/**
 * The French text beside an English field, at most `max` characters: optional, and blank means none
 * (null), so a form's empty box clears it. Left out of an update, it stays as it was.
 */
export const frenchText = (max: FrenchMax, { multiline = false } = {}) =>
  (multiline ? multilineText : text)()
    .max(max, TOO_LONG[max])
    .nullish()
    .transform((v) => (v === '' ? null : v));

