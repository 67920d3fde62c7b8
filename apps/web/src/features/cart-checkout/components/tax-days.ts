import { formatDate } from '@/lib/format';

const EASTERN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today (YYYY-MM-DD) where the seller is, the day tax rates change on; the server decides, this only guides the date box. */
export const easternToday = (now = new Date()) => EASTERN_DAY.format(now);

/** The calendar day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function previousDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

/** A calendar day in the reader's language, the same day wherever the reader is. */
export const formatDay = (day: string, language: string | undefined) => formatDate(`${day}T00:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });
