import { z } from 'zod';
import { commonMessages } from './messages.js';

/**
 * The building blocks of every request field that takes text or a whole number. Request schemas use
 * these, never a bare `z.string()` or `z.number().int()`: a text never carries a control character
 * (PostgreSQL's `text` cannot hold U+0000 at all, and the others have no business in a name or a
 * search) or a lone surrogate, and a whole number never exceeds what its column holds. The API's bad-input test sends a
 * NUL byte and 2^31 to every field of every route and expects a 400 naming the field.
 */

/** Tab, line feed and carriage return: the control characters that texts of several lines keep. */
const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether a text holds a C0 control character (U+0000-U+001F) or DEL: nothing a person types on one
 * line. With `lineBreaks`, tabs and line breaks are allowed and only the others count.
 */
function hasControlCharacter(s: string, lineBreaks = false): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 || c === 0x7f) && !(lineBreaks && LINE_BREAKS.has(c))) return true;
  }
  return false;
}

/** Half of a UTF-16 surrogate pair without the other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text holds a lone surrogate: no character at all, yet JSON can write one (`"\ud800"`). The database
 * cannot store it as sent (PostgreSQL's driver turns it into U+FFFD, and PGlite miscounts its bytes and
 * refuses the text), so it is refused with the rest of the request instead.
 */
const hasLoneSurrogate = (s: string) => LONE_SURROGATE.test(s);

type TextParams = string | { error?: string };

/** A text's checks that every kind of text shares: its control characters (line breaks kept or not), and whole characters only. */
const clean = (s: z.ZodString, lineBreaks = false) =>
  s.refine((v) => !hasControlCharacter(v, lineBreaks), commonMessages.controlCharacters).refine((v) => !hasLoneSurrogate(v), commonMessages.invalidValue);

/**
 * One line of text (a name, an email, a title, a search), trimmed, without control characters or lone surrogates.
 * Chain the field's own checks: `text(m.nameRequired).min(1, m.nameRequired).max(120)`.
 */
export const text = (params?: TextParams) => clean(z.string(params).trim());

/** Text of several lines (a description, an article, a message), trimmed: tabs and line breaks are kept, other control characters refused. */
export const multilineText = (params?: TextParams) => clean(z.string(params).trim(), true);

/** A password or a token as typed: never trimmed (every character counts), without control characters. */
export const secret = (params?: TextParams) => clean(z.string(params));

/** The largest value of PostgreSQL's `integer`, the type of every integer column. */
export const INT_MAX = 2_147_483_647;

type IntOptions = {
  /** Smallest accepted value; 0 unless told. */
  min?: number;
  /** Largest accepted value, at most INT_MAX (its default): the column's real domain where it has one. */
  max?: number;
  /** The message of every failure; zod's own wording (answered as `common.invalidValue`) when not given. */
  message?: string;
  /** The message when the value is not a number at all, if it differs from `message`. */
  typeMessage?: string;
};

const bounded = (n: z.ZodNumber, { min = 0, max = INT_MAX, message }: IntOptions) =>
  n.int(message).min(min, message).max(Math.min(max, INT_MAX), message);
const typeParams = ({ message, typeMessage }: IntOptions) => (typeMessage ?? message ? { error: typeMessage ?? message } : undefined);

/** A whole number from `min` to `max` (JSON bodies). */
export const int = (options: IntOptions = {}) => bounded(z.number(typeParams(options)), options);

/** A whole number from `min` to `max`, read from text (query strings and form fields). */
export const coercedInt = (options: IntOptions = {}) => bounded(z.coerce.number(typeParams(options)), options);

/** What people type between the digits of a phone number: spaces, dashes, dots, brackets and a leading +. */
const PHONE_SEPARATORS = /[\s().-]|^\+/g;

/**
 * A phone number as people type it ("(416) 555-0100", "416.555.0100", "+1 416 555 0100"): the separators
 * are dropped and the number is kept as its digits; anything else is refused with `messages.digits`, and
 * the length rule counts the digits only. An empty value is `messages.required` and stops there.
 */
export const phoneNumber = (messages: { required: string; digits: string; min: string; max?: string }, opts: { min?: number; max?: number } = {}) =>
  text({ error: messages.required })
    .min(1, { error: messages.required, abort: true })
    .transform((s) => s.replace(PHONE_SEPARATORS, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, { error: messages.digits, abort: true })
        .min(opts.min ?? 7, messages.min)
        .max(opts.max ?? 15, messages.max ?? messages.digits),
    );
