import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { taxRates } from '../../db/schema/commerce.js';

export type TaxRateRow = typeof taxRates.$inferSelect;

/**
 * The rates of a province in force on `day` (YYYY-MM-DD): started on or before it, not ended by it. Prepared
 * once: every quote and placement runs it.
 */
export const ratesInForce = (db: Db, province: string, day: string) =>
  preparedOnce(db, 'tax_rates.in_force', (name) => {
    const on = sql.placeholder('day');
    return db
      .select({ code: taxRates.code, rate: taxRates.rate, appliesToShipping: taxRates.appliesToShipping })
      .from(taxRates)
      .where(and(eq(taxRates.province, sql.placeholder('province')), lte(taxRates.effectiveFrom, on), or(isNull(taxRates.effectiveTo), gt(taxRates.effectiveTo, on))))
      .orderBy(asc(taxRates.code))
      .prepare(name);
  }).execute({ province, day });

/** Every rate, past, current and future: by province, then tax, then start. */
export const listRates = (db: Db) => db.select().from(taxRates).orderBy(asc(taxRates.province), asc(taxRates.code), asc(taxRates.effectiveFrom));

/**
 * Makes changes to one province's tax take turns until the transaction ends. A row lock is not enough:
 * a tax the province never had has no row to lock, and two first rates would overlap.
 */
export const lockProvinceTax = (db: Db, province: string, code: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax_rates:${province}:${code}`}))`);

/** The history of one tax in one province, oldest first. */
export const ratesOf = (db: Db, province: string, code: TaxRateRow['code']) =>
  db
    .select()
    .from(taxRates)
    .where(and(eq(taxRates.province, province), eq(taxRates.code, code)))
    .orderBy(asc(taxRates.effectiveFrom));

/** Ends a rate on `day` (exclusive: the day the next one starts). */
export const endRate = (db: Db, id: string, day: string) => db.update(taxRates).set({ effectiveTo: day }).where(eq(taxRates.id, id));

export const insertRate = async (db: Db, values: typeof taxRates.$inferInsert) => (await db.insert(taxRates).values(values).returning())[0]!;
