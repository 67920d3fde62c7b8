import { writeDecimal } from './format-number';
import { localeTag } from './i18n';

/**
 * Prices travel as integer cents; they are shown in Canadian dollars in the reader's locale. Canadian dollars are
 * written without Intl, as it writes them (see format-number.ts: a product page shows its price as it is taken over).
 */
export function formatPrice(cents: number, language?: string, currency = 'CAD') {
  const locale = localeTag(language);
  const amount = currency === 'CAD' && Number.isSafeInteger(cents) ? writeDecimal(cents / 100, locale, 2, 2) : undefined;
  if (amount === undefined) return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  if (locale === 'fr-CA') return `${amount}\u00a0$`;
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`;
}

export function formatDate(value: string | number | Date, language?: string, options?: Intl.DateTimeFormatOptions) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeTag(language), options ?? { dateStyle: 'medium' }).format(date);
}
