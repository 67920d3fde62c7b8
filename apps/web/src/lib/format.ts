import { localeTag } from './i18n';

/** Prices travel as integer cents; they are shown in Canadian dollars in the reader's locale. */
export function formatPrice(cents: number, language?: string, currency = 'CAD') {
  return new Intl.NumberFormat(localeTag(language), { style: 'currency', currency }).format(cents / 100);
}

export function formatDate(value: string | number | Date, language?: string, options?: Intl.DateTimeFormatOptions) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeTag(language), options ?? { dateStyle: 'medium' }).format(date);
}
