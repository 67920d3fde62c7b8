import type { Province } from './regions.js';

/** GST: federal; HST: federal and provincial harmonised; PST (BC, SK), QST (QC), RST (MB): provincial. */
export const TAX_CODES = ['GST', 'HST', 'PST', 'QST', 'RST'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/**
 * The sales taxes each province and territory levies, fixed by law (DESIGN.md): the GST everywhere except where the
 * HST replaces it (ON, NB, NS, NL, PE), plus British Columbia's and Saskatchewan's PST, Manitoba's RST and Quebec's
 * QST. A rate is accepted, and charged, only for a tax of its province's set.
 */
export const TAXES_OF: Record<Province, readonly TaxCode[]> = {
  AB: ['GST'], NT: ['GST'], NU: ['GST'], YT: ['GST'],
  BC: ['GST', 'PST'], SK: ['GST', 'PST'], MB: ['GST', 'RST'], QC: ['GST', 'QST'],
  ON: ['HST'], NB: ['HST'], NS: ['HST'], NL: ['HST'], PE: ['HST'],
};

/** Whether `province` levies the tax `code` (false for a region outside Canada). */
export const levies = (province: string, code: TaxCode): boolean => (TAXES_OF as Record<string, readonly TaxCode[] | undefined>)[province]?.includes(code) ?? false;

/** Federal taxes come first on every document, then the province's. */
const FEDERAL_TAX_CODES: readonly TaxCode[] = ['GST', 'HST'];

/** A rate in force: `rate` in percent (9.975 for Quebec's QST), three decimals at most. */
export type TaxRate = { code: TaxCode; rate: number; appliesToShipping: boolean };

export type TaxLine = { code: TaxCode; rate: number; amountCents: number };

/**
 * `percent` (at most three decimals) of `cents`, rounded to the cent half up (away from zero for a negative
 * amount), on integers (thousandths of a percent), so no binary fraction can tip a half cent. The one rule
 * of every percentage of money: tax lines, coupon discounts, dealer commission.
 */
export function percentOf(cents: number, percent: number): number {
  const milli = Math.round(percent * 1000);
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(cents) * milli + 50_000) / 100_000);
}

/**
 * THE rounding rule of every tax line, on the quote, the order, the invoice and the receipt: each tax is
 * computed once on its whole base (never line by line) and rounded to the cent, half up. Rates are
 * percents with at most three decimals, so the sum runs on integers (thousandths of a percent) and no
 * binary fraction can tip a half cent.
 */
const taxOf = (baseCents: number, ratePercent: number): number => percentOf(baseCents, ratePercent);

/**
 * The tax lines of an order. Tax is on the goods after the discount, plus shipping where the rate says
 * shipping is taxed. Quebec's QST is on the price before GST (not compounded since 2013), so every line
 * has the same kind of base. Federal lines first.
 */
export function taxLines(goodsAfterDiscountCents: number, shippingCents: number, rates: readonly TaxRate[]): TaxLine[] {
  const ordered = [...rates].sort((a, b) => Number(!FEDERAL_TAX_CODES.includes(a.code)) - Number(!FEDERAL_TAX_CODES.includes(b.code)));
  return ordered.map((r) => ({
    code: r.code,
    rate: r.rate,
    amountCents: taxOf(goodsAfterDiscountCents + (r.appliesToShipping ? shippingCents : 0), r.rate),
  }));
}

/**
 * The rates the product starts with (DESIGN.md), seeded by the migration; admins add later changes in
 * the dashboard. Nova Scotia's HST is kept with its history: 15% until 2025-03-31, 14% from 2025-04-01.
 */
export const INITIAL_TAX_RATES: readonly { province: Province; code: TaxCode; rate: number; effectiveFrom: string; effectiveTo: string | null }[] = [
  ...(['AB', 'NT', 'NU', 'YT'] as const).map((province) => ({ province, code: 'GST' as const, rate: 5, effectiveFrom: '2008-01-01', effectiveTo: null })),
  { province: 'BC', code: 'GST', rate: 5, effectiveFrom: '2008-01-01', effectiveTo: null },
  { province: 'BC', code: 'PST', rate: 7, effectiveFrom: '2013-04-01', effectiveTo: null },
  { province: 'MB', code: 'GST', rate: 5, effectiveFrom: '2008-01-01', effectiveTo: null },
  { province: 'MB', code: 'RST', rate: 7, effectiveFrom: '2019-07-01', effectiveTo: null },
  { province: 'SK', code: 'GST', rate: 5, effectiveFrom: '2008-01-01', effectiveTo: null },
  { province: 'SK', code: 'PST', rate: 6, effectiveFrom: '2017-03-23', effectiveTo: null },
  { province: 'QC', code: 'GST', rate: 5, effectiveFrom: '2008-01-01', effectiveTo: null },
  { province: 'QC', code: 'QST', rate: 9.975, effectiveFrom: '2013-01-01', effectiveTo: null },
  { province: 'ON', code: 'HST', rate: 13, effectiveFrom: '2010-07-01', effectiveTo: null },
  { province: 'NB', code: 'HST', rate: 15, effectiveFrom: '2016-07-01', effectiveTo: null },
  { province: 'NL', code: 'HST', rate: 15, effectiveFrom: '2016-07-01', effectiveTo: null },
  { province: 'PE', code: 'HST', rate: 15, effectiveFrom: '2016-10-01', effectiveTo: null },
  { province: 'NS', code: 'HST', rate: 15, effectiveFrom: '2010-07-01', effectiveTo: '2025-04-01' },
  { province: 'NS', code: 'HST', rate: 14, effectiveFrom: '2025-04-01', effectiveTo: null },
];
