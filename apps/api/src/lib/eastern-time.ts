/**
 * Days and months of the business are Eastern time, where the seller is: a date filter "from 2026-03-01"
 * starts at midnight in Toronto, and March's statement holds what happened in March there.
 */

const HOUR = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', hour: '2-digit', hourCycle: 'h23' });
const EASTERN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The calendar day (YYYY-MM-DD) a moment falls on for tax purposes: the day in Eastern time, where the
 * seller is. A rate change "on 2025-04-01" applies to orders placed from midnight that day, Toronto time.
 */
export const taxDay = (at: Date) => EASTERN_DAY.format(at);

/** The moment a day (YYYY-MM-DD) begins in Eastern time. */
export function easternMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // At 05:00 UTC it is midnight in Toronto on standard time, 1 a.m. on daylight time (never past 2 a.m., when clocks change).
  const fiveUtc = Date.UTC(y, m - 1, d, 5);
  return new Date(Number(HOUR.format(new Date(fiveUtc))) === 0 ? fiveUtc : fiveUtc - 3_600_000);
}

/** The day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The month (YYYY-MM) a moment falls in, Eastern time. */
export const easternMonth = (at: Date) => taxDay(at).slice(0, 7);

/** A month's bounds: from its first midnight, up to (not including) the next month's. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: easternMidnight(`${month}-01`), to: easternMidnight(`${next}-01`) };
}
