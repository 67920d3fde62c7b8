import type { TFunction } from 'i18next';
import { localeTag } from '@/lib/i18n';

/** "GST (5%)", "TVQ (9,975 %)": a tax line's name and rate in the reader's language. */
export function taxLabel(t: TFunction, code: string, rate: number, language: string | undefined) {
  const percent = new Intl.NumberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: 3 }).format(rate / 100);
  return t('orders:money.taxLine', { tax: t(`orders:taxCodes.${code}`), rate: percent });
}
