import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents } from './dollars';

describe('dollars typed in a box', () => {
  it('reads English and French ways of writing a sum as cents', () => {
    expect(dollarsToCents('12.50')).toBe(1250);
    expect(dollarsToCents('12,5')).toBe(1250);
    expect(dollarsToCents('1 234,56')).toBe(123456);
    expect(dollarsToCents('12,500.50')).toBe(1250050);
    expect(dollarsToCents('1,234')).toBe(123400);
    expect(dollarsToCents('1,234,567.8')).toBe(123456780);
    expect(dollarsToCents('$ 40')).toBe(4000);
    expect(dollarsToCents('0.10')).toBe(10);
    expect(dollarsToCents('19.99')).toBe(1999);
  });

  it('gives null for an empty box and NaN for anything that is not a sum', () => {
    expect(dollarsToCents('  ')).toBeNull();
    expect(Number.isNaN(dollarsToCents('12.345'))).toBe(true);
    expect(Number.isNaN(dollarsToCents('1,2.50'))).toBe(true);
    expect(Number.isNaN(dollarsToCents('-5'))).toBe(true);
    expect(Number.isNaN(dollarsToCents('ten'))).toBe(true);
    expect(dollarsToCents(5)).toBe(5);
  });

  it('writes cents back as dollars with two decimals', () => {
    expect(centsToDollars(123456)).toBe('1234.56');
    expect(centsToDollars(5)).toBe('0.05');
  });
});
