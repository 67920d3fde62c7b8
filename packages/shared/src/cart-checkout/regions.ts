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

/**
 * The province (or provinces) a Canadian postal code's first letter names (Canada Post's forward sortation areas;
 * GeoNames' postal areas agree, see shared/data/ca-fsa-centroids.md): X is shared by the Northwest Territories and
 * Nunavut.
 */
const PROVINCES_OF_FIRST_LETTER: Record<string, readonly Province[]> = {
  A: ['NL'], B: ['NS'], C: ['PE'], E: ['NB'], G: ['QC'], H: ['QC'], J: ['QC'],
  K: ['ON'], L: ['ON'], M: ['ON'], N: ['ON'], P: ['ON'],
  R: ['MB'], S: ['SK'], T: ['AB'], V: ['BC'], X: ['NT', 'NU'], Y: ['YT'],
};

/** Whether a Canadian postal code (any case, spaced or not) lies in `province`: its first letter names the province. */
export function postalCodeInProvince(postalCode: string, province: string): boolean {
  const first = postalCode.trim().charAt(0).toUpperCase();
  return (PROVINCES_OF_FIRST_LETTER[first] ?? []).some((p) => p === province);
}

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
