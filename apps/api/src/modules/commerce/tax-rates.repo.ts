import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { taxRates } from '../../db/schema/commerce.js';

/** The rates of a province in force on `day` (YYYY-MM-DD): started on or before it, not ended by it. */
export const ratesInForce = (db: Db, province: string, day: string) =>
  db
    .select({ code: taxRates.code, rate: taxRates.rate, appliesToShipping: taxRates.appliesToShipping })
    .from(taxRates)
    .where(and(eq(taxRates.province, province), lte(taxRates.effectiveFrom, day), or(isNull(taxRates.effectiveTo), gt(taxRates.effectiveTo, day))))
    .orderBy(asc(taxRates.code));
