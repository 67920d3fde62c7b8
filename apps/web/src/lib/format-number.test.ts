import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './format-number';

/**
 * Numbers that meet every way formatNumber takes, on each side of its edges: one to three integer digits against
 * four and more (999.5 may round to 1,000), as many decimals as asked for against one more, signs and -0, every
 * magnitude from 1e-7 to 1e21, what is not a finite number, and a fixed spread of the k / 10^d values the layout
 * generator writes.
 */
function sample(): number[] {
  const values = [-0, 0, 0.1 + 0.2, 1e21, 1e-7, 5e-324, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const whole of [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 123_456]) {
    for (const fraction of [0, 0.1, 0.5, 0.25, 0.125, 0.0625, 0.01, 0.001, 0.0001, 0.005, 0.45, 0.995, 0.9995]) values.push(whole + fraction, -(whole + fraction));
  }
  for (let exponent = -7; exponent <= 21; exponent += 1) {
    for (const mantissa of [1, 1.5, 2.345, 9.999, 9.9999]) values.push(mantissa * 10 ** exponent, -mantissa * 10 ** exponent);
  }
  let seed = 20_251_201;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < 1500; i += 1) values.push(((next() % 40_001) - 20_000) / 10 ** (next() % 4));
  for (let i = 0; i < 1000; i += 1) values.push(((next() % 2001) - 1000) / 10 ** (next() % 4));
  return values;
}

describe('formatNumber', () => {
  it('writes every number as Intl does, in English and in French, whichever way it takes', () => {
    const values = sample();
    const wrong: string[] = [];
    let plain = 0;
    for (const [language, locale] of [
      ['en', 'en-CA'],
      ['fr', 'fr-CA'],
    ] as const) {
      for (let digits = 0; digits <= 3; digits += 1) {
        const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
        for (const value of values) {
          const written = formatNumber(value, language, digits);
          if (written !== intl.format(value)) wrong.push(`${value} in ${locale} to ${digits} decimals: ${written}, Intl ${intl.format(value)}`);
          if (/^-?\d{1,3}(?:\.\d+)?$/.test(String(value)) && (String(value).split('.')[1]?.length ?? 0) <= digits) plain += 1;
        }
      }
    }
    expect(wrong).toEqual([]);
    // Both ways are taken often: the plain one (JavaScript's own writing) and Intl's.
    expect(plain).toBeGreaterThan(2000);
    expect(values.length * 8 - plain).toBeGreaterThan(2000);
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
