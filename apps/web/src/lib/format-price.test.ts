import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

/** Cents on each side of every edge: signs and -0, each count of digits up to the largest safe integer, a fixed spread. */
function cents(): number[] {
  const values = [0, -0, 1, -1, 5, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
  for (let exponent = 0; exponent <= 15; exponent += 1) for (const mantissa of [1, 4, 9.99]) values.push(Math.round(mantissa * 10 ** exponent), -Math.round(mantissa * 10 ** exponent));
  let seed = 20_261_204;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < 3000; i += 1) values.push((next() % 10 ** (1 + (next() % 9))) * (next() % 5 === 0 ? -1 : 1));
  return values;
}

describe('formatPrice', () => {
  it('writes every amount of cents in Canadian dollars as Intl does, in English and in French', () => {
    const wrong: string[] = [];
    for (const [language, locale] of [
      ['en', 'en-CA'],
      ['fr', 'fr-CA'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD' });
      for (const value of cents()) {
        const written = formatPrice(value, language);
        if (written !== intl.format(value / 100)) wrong.push(`${value} cents in ${locale}: ${written}, Intl ${intl.format(value / 100)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('leaves other currencies and fractions of a cent to Intl', () => {
    expect(formatPrice(123456, 'en', 'USD')).toBe(new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'USD' }).format(1234.56));
    expect(formatPrice(10.5, 'fr')).toBe(new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' }).format(0.105));
  });
});
