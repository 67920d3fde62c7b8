import { localeTag } from '@/lib/i18n';

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and options, made when first asked for: making one costs far more than using it. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

// Under 1,000, with no more decimals than asked for, JavaScript's own writing of a number (0, 0.5, -12.25) is the
// reader's but for the decimal sign in French: no grouping, no rounding. Such numbers skip Intl, whose first number
// format loads the browser's locale data, tens of milliseconds in one task: the layout generator's first screen
// (whose only numbers are the class ratios 0, 0.5 and 1) does without it. A test holds this against Intl.
const PLAIN = /^-?\d{1,3}(?:\.(\d+))?$/;

/** A number as the reader writes it (1,300.5 in English, 1 300,5 in French), to `digits` decimals at most. */
export function formatNumber(value: number, language: string, digits = 2) {
  const locale = localeTag(language);
  const plain = String(value);
  const match = PLAIN.exec(plain);
  if (match && (match[1]?.length ?? 0) <= digits && !Object.is(value, -0)) return locale === 'fr-CA' ? plain.replace('.', ',') : plain;
  return numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A percentage (given as 0-100) as the reader writes it: 92% in English, 92 % in French. */
export function formatPercent(value: number, language: string, digits = 0) {
  return numberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: digits }).format(value / 100);
}
