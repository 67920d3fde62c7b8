import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './format-number';

describe('formatNumber', () => {
  it('writes every number as Intl does, in English and in French, whichever way it takes', () => {
    let checked = 0;
    for (const [language, locale] of [
      ['en', 'en-CA'],
      ['fr', 'fr-CA'],
    ] as const) {
      for (let digits = 0; digits <= 3; digits += 1) {
        const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
        for (let k = -20_000; k <= 20_000; k += 7) {
          for (const scale of [1, 10, 100, 1000]) {
            const value = k / scale;
            expect(formatNumber(value, language, digits), `${value} in ${locale} to ${digits} decimals`).toBe(intl.format(value));
            checked += 1;
          }
        }
        for (const value of [-0, 0.1 + 0.2, 1e21, 1e-7, 999.5, -999.999, 1000, 12_345.678, Number.NaN, Number.POSITIVE_INFINITY]) {
          expect(formatNumber(value, language, digits), `${value} in ${locale} to ${digits} decimals`).toBe(intl.format(value));
        }
      }
    }
    expect(checked).toBeGreaterThan(90_000);
  });

  it('writes the decimal sign and the grouping of the reader', () => {
    expect([formatNumber(0.5, 'en'), formatNumber(0.5, 'fr')]).toEqual(['0.5', '0,5']);
    expect(formatNumber(1300.5, 'en')).toBe('1,300.5');
    expect(formatNumber(1300.5, 'fr')).toMatch(/^1\s300,5$/);
    expect([formatNumber(2.345, 'en', 1), formatNumber(12, 'fr', 0)]).toEqual(['2.3', '12']);
  });

  it('writes percentages the reader’s way', () => {
    expect(formatPercent(92, 'en')).toBe('92%');
    expect(formatPercent(92, 'fr')).toMatch(/^92\s%$/);
  });
});
