import type { Language } from '@meltway/shared/common/language';

/** The language tag a document in `language` declares, and whose conventions its numbers and dates follow. */
export const languageTag = (language: Language) => (language === 'fr' ? 'fr-CA' : 'en-CA');

// Made once: building a formatter costs far more than using it, and every placement writes a mail.
const CAD: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }),
  fr: new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }),
};

/** Cents as the buyer reads them, in CAD: "$1,234.50" or "1 234,50 $". */
export const money = (cents: number, locale: Language) => CAD[locale === 'fr' ? 'fr' : 'en'].format(cents / 100);

/** Money, dates and percents as the reader's language writes them; days in Eastern time. */
export function formats(language: Language) {
  const tag = languageTag(language);
  const currency = new Intl.NumberFormat(tag, { style: 'currency', currency: 'CAD' });
  const number = new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'America/Toronto' });
  return {
    money: (cents: number) => currency.format(cents / 100),
    percent: (p: number) => (language === 'fr' ? `${number.format(p)}\u00a0%` : `${number.format(p)}%`),
    date: (iso: string | Date) => date.format(typeof iso === 'string' ? new Date(iso) : iso),
    /** French puts a space before a colon. */
    colon: language === 'fr' ? '\u00a0: ' : ': ',
  };
}
