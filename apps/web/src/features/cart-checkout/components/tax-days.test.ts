import { describe, expect, it } from 'vitest';
import { easternToday, formatDay, nextDay, previousDay } from './tax-days';

describe('tax days', () => {
  it('counts days in Toronto: 22:00 there is already tomorrow in UTC', () => {
    expect(easternToday(new Date('2026-03-16T02:00:00Z'))).toBe('2026-03-15');
    expect(easternToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });

  it('steps across months and leap days', () => {
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(previousDay('2026-07-01')).toBe('2026-06-30');
    expect(previousDay('2025-03-01')).toBe('2025-02-28');
  });

  it('shows a calendar day as that day, whatever the time zone', () => {
    expect(formatDay('2025-04-01', 'en')).toBe('Apr 1, 2025');
    expect(formatDay('2025-04-01', 'fr')).toBe('1 avr. 2025');
  });
});
