import { localeTag } from '@/lib/i18n';

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and options, made when first asked for: making one costs far more than using it. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

// The first number format a page makes loads the browser's locale data: tens of milliseconds in one task, four times
// that on a phone, in the middle of taking a server-rendered page over (the layout generator's class ratios, a
// product's price and technical data). So the numbers of the two languages are written here as Intl writes them:
// from JavaScript's own shortest writing of the number, rounded half away from zero to the decimals asked for, with
// the reader's decimal sign and grouping. Intl writes what JavaScript writes with an exponent. A test holds every
// way against Intl.
const SIGNS: Record<string, { group: string; decimal: string }> = {
  'en-CA': { group: ',', decimal: '.' },
  'fr-CA': { group: '\u00a0', decimal: ',' },
};

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The decimal digits `whole` and `fraction` plus one unit of their last place: ('9', '99') → ('10', '00'). */
function roundUp(whole: string, fraction: string): [string, string] {
  const digits = (whole + fraction).split('');
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') digits[i--] = '0';
  if (i >= 0) digits[i] = String(Number(digits[i]) + 1);
  else digits.unshift('1');
  const all = digits.join('');
  return [all.slice(0, all.length - fraction.length), all.slice(all.length - fraction.length)];
}

/**
 * `value` with `minDigits` to `maxDigits` decimals as the locale writes it, or undefined where this does not write
 * it (an exponent, NaN, infinities, a locale without signs here).
 */
export function writeDecimal(value: number, locale: string, minDigits: number, maxDigits: number): string | undefined {
  const signs = SIGNS[locale];
  const match = DECIMAL.exec(String(value));
  if (!signs || !match) return undefined;
  let [, sign = '', whole = '', fraction = ''] = match;
  if (Object.is(value, -0)) sign = '-';
  if (fraction.length > maxDigits) {
    const up = fraction.charAt(maxDigits) >= '5';
    fraction = fraction.slice(0, maxDigits);
    if (up) [whole, fraction] = roundUp(whole, fraction);
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minDigits, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, signs.group);
  return `${sign}${grouped}${fraction ? signs.decimal + fraction : ''}`;
}

/** A number as the reader writes it (1,300.5 in English, 1 300,5 in French), to `digits` decimals at most. */
export function formatNumber(value: number, language: string, digits = 2) {
  const locale = localeTag(language);
  return writeDecimal(value, locale, 0, digits) ?? numberFormat(locale, { maximumFractionDigits: digits }).format(value);
}

/** A percentage (given as 0-100) as the reader writes it: 92% in English, 92 % in French. */
export function formatPercent(value: number, language: string, digits = 0) {
  return numberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: digits }).format(value / 100);
}
