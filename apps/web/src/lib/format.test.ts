import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './format';

describe('locale formatting', () => {
  it('formats prices in Canadian dollars for each language', () => {
    expect(formatPrice(123456, 'en')).toBe('$1,234.56');
    expect(formatPrice(123456, 'fr').replace(/\s/g, ' ')).toBe('1 234,56 $');
  });

  it('formats dates for each language', () => {
    const date = new Date(Date.UTC(2025, 0, 15, 12));
    expect(formatDate(date, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('January 15, 2025');
    expect(formatDate(date, 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('15 janvier 2025');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
