import type { Country } from '@meltway/shared/commerce/regions';
import type { TaxRate } from '@meltway/shared/commerce/tax';
import type { Ctx } from '../../lib/ctx.js';
import * as repo from './tax-rates.repo.js';

const EASTERN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The calendar day (YYYY-MM-DD) a moment falls on for tax purposes: the day in Eastern time, where the
 * seller is. A rate change "on 2025-04-01" applies to orders placed from midnight that day, Toronto time.
 */
export const taxDay = (at: Date) => EASTERN_DAY.format(at);

/**
 * The sales tax rates that apply to goods delivered to `province` of `country` on `day`. Goods shipped
 * out of Canada are zero-rated exports: no Canadian tax.
 */
export async function ratesFor(ctx: Pick<Ctx, 'db'>, country: Country, province: string, day: string): Promise<TaxRate[]> {
  if (country !== 'CA') return [];
  return repo.ratesInForce(ctx.db, province, day);
}
