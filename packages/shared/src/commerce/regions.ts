/** Where we ship: Canada and the United States. */
export const COUNTRIES = ['CA', 'US'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Canadian provinces and territories, by their postal abbreviation. */
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

/** US states, the District of Columbia and Puerto Rico. */
const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME',
  'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'PR',
  'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export const REGIONS_OF: Record<Country, readonly string[]> = { CA: PROVINCES, US: US_STATES };

// Canada Post never uses D, F, I, O, Q or U, nor W and Z as the first letter.
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;
const US_ZIP = /^(\d{5})(?:-?(\d{4}))?$/;

/**
 * A postal code in its one written form ("H2X 1Y4", "10001" or "10001-1234"), or null when it is not
 * a code of that country.
 */
export function normalisePostalCode(country: Country, raw: string): string | null {
  const s = raw.trim().toUpperCase();
  if (country === 'CA') {
    const m = CA_POSTAL.exec(s);
    return m ? `${m[1]} ${m[2]}` : null;
  }
  const m = US_ZIP.exec(s);
  return m ? (m[2] ? `${m[1]}-${m[2]}` : m[1]!) : null;
}
