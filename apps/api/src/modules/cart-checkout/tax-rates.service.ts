import { commerceMessages as m } from '@meltway/shared/cart-checkout/messages';
import type { Country, Province } from '@meltway/shared/cart-checkout/regions';
import { levies, type TaxRate } from '@meltway/shared/cart-checkout/tax';
import type { TaxRateInput, TaxRateOut, TaxRateStatus } from '@meltway/shared/cart-checkout/tax-rate.schema';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { taxDay } from '../../lib/eastern-time.js';
import { ConflictError, FieldError } from '../../lib/errors.js';
import { cachePerDatabase } from '../../lib/ttl-cache.js';
import * as repo from './tax-rates.repo.js';

/**
 * The sales tax rates that apply to goods delivered to `province` of `country` on `day`. Goods shipped
 * out of Canada are zero-rated exports: no Canadian tax.
 */
export async function ratesFor(ctx: Pick<Ctx, 'db' | 'versions'>, country: Country, province: string, day: string): Promise<TaxRate[]> {
  if (country !== 'CA') return [];
  // A row of a tax the province does not levy (one stored before the rule) is never charged.
  return ratesRead(ctx.db).getOr(`${ctx.versions.version('taxes')}:${province}:${day}`, async () =>
    (await repo.ratesInForce(ctx.db, province, day)).filter((r) => levies(province, r.code)),
  );
}

/**
 * The rates read, under the 'taxes' cache version: any committed change of a rate retires them (another
 * process's within CACHE_POLL_MS). 13 provinces and territories, a day or two in use at a time.
 */
const ratesRead = cachePerDatabase<TaxRate[]>('tax-rates', 60_000, 200);

/** Where a rate stands on `today`: ended, in force, or starting later. */
function rateStatus(rate: { effectiveFrom: string; effectiveTo: string | null }, today: string): TaxRateStatus {
  if (rate.effectiveFrom > today) return 'scheduled';
  return rate.effectiveTo !== null && rate.effectiveTo <= today ? 'past' : 'current';
}

const toTaxRateOut = (row: repo.TaxRateRow, today: string): TaxRateOut => ({
  id: row.id,
  province: row.province as Province,
  code: row.code,
  rate: row.rate,
  appliesToShipping: row.appliesToShipping,
  effectiveFrom: row.effectiveFrom,
  effectiveTo: row.effectiveTo,
  status: rateStatus(row, today),
});

/** Every rate, past, current and scheduled, by province, tax and start. */
export async function listTaxRates(ctx: Ctx) {
  const today = taxDay(ctx.now);
  return (await repo.listRates(ctx.db)).map((row) => toTaxRateOut(row, today));
}

/**
 * Adds a rate change from a future day, without a deploy. The past is never rewritten: the day must come
 * after today (Eastern time). The rate in force on that day ends there; if a later change is already
 * scheduled, the new rate ends where that one starts. Shipping is taxed as under the rate it follows
 * unless the input says otherwise. A province may gain a tax it did not have.
 */
export async function addTaxRate(ctx: Ctx, input: z.output<typeof TaxRateInput>) {
  const today = taxDay(ctx.now);
  const day = input.effectiveFrom;
  if (day <= today) throw new FieldError('effectiveFrom', m.taxRateNotFuture);
  const row = await ctx.db
    .transaction(async (tx) => {
      await repo.lockProvinceTax(tx, input.province, input.code);
      const history = await repo.ratesOf(tx, input.province, input.code);
      if (history.some((r) => r.effectiveFrom === day)) throw new ConflictError(m.taxRateExists, 'effectiveFrom');
      const previous = history.find((r) => r.effectiveFrom < day && (r.effectiveTo === null || r.effectiveTo > day));
      const next = history.find((r) => r.effectiveFrom > day);
      if (previous) await repo.endRate(tx, previous.id, day);
      return repo.insertRate(tx, {
        province: input.province,
        code: input.code,
        rate: input.rate,
        appliesToShipping: input.appliesToShipping ?? previous?.appliesToShipping ?? true,
        effectiveFrom: day,
        effectiveTo: next?.effectiveFrom ?? null,
      });
    })
    .catch((err: unknown) => {
      // The unique (province, tax, start) still refuses a twin that slipped past the lock.
      if (uniqueViolation(err) !== undefined) throw new ConflictError(m.taxRateExists, 'effectiveFrom');
      throw err;
    });
  return toTaxRateOut(row, today);
}
