import { localeTag } from '@/lib/i18n';

/** A number as the reader writes it (1,300.5 in English, 1 300,5 in French), to `digits` decimals at most. */
export function formatNumber(value: number, language: string, digits = 2) {
  return new Intl.NumberFormat(localeTag(language), { maximumFractionDigits: digits }).format(value);
}

/** A percentage (given as 0-100) as the reader writes it: 92% in English, 92 % in French. */
export function formatPercent(value: number, language: string, digits = 0) {
  return new Intl.NumberFormat(localeTag(language), { style: 'percent', maximumFractionDigits: digits }).format(value / 100);
}
