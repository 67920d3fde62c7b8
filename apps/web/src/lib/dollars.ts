/**
 * A sum typed in dollars, as people type it in either language ("12.50", "1,234.50", "12,50",
 * "1 234,50", "$12"), in integer cents; null when the box is empty, NaN when it holds no sum. Anything
 * that is not a string passes through for the schema to refuse.
 */
export function dollarsToCents(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const bare = value.replace(/[\s\u00a0\u202f$]/g, '');
  // Commas before groups of three digits group thousands (English); another comma is the decimal mark (French).
  const grouped = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(bare);
  const text = grouped ? bare.replace(/,/g, '') : bare.replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

/** Cents as the text a dollar box starts with: 1250 → "12.50". */
export const centsToDollars = (cents: number) => (cents / 100).toFixed(2);
