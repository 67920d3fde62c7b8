import type { DesignWeather, SnowClass } from './design.schema.js';

export type City = {
  /** Stable id: the name in kebab-case and the province or state code, e.g. 'ottawa-on'. */
  id: string;
  name: string;
  /** Province, territory or state code. */
  province: string;
  country: 'CA' | 'US';
  /**
   * Design weather during snowfall, each figure from `weatherSource`. Null when no public source we can quote
   * gives it: the user then types the weather or picks a class density.
   */
  weather: DesignWeather | null;
  weatherSource: string | null;
};

type Row = readonly [name: string, province: string];

// No public source we can quote gives snowfall-coincident design weather (snowfall rate, air temperature,
// wind and humidity during snowfall) for these cities, so none is given: no figure is invented.
const CANADA: readonly Row[] = [
  ['Victoria', 'BC'],
  ['Vancouver', 'BC'],
  ['Kelowna', 'BC'],
  ['Kamloops', 'BC'],
  ['Prince George', 'BC'],
  ['Edmonton', 'AB'],
  ['Calgary', 'AB'],
  ['Red Deer', 'AB'],
  ['Lethbridge', 'AB'],
  ['Regina', 'SK'],
  ['Saskatoon', 'SK'],
  ['Winnipeg', 'MB'],
  ['Brandon', 'MB'],
  ['Toronto', 'ON'],
  ['Ottawa', 'ON'],
  ['Mississauga', 'ON'],
  ['Hamilton', 'ON'],
  ['London', 'ON'],
  ['Kitchener', 'ON'],
  ['Windsor', 'ON'],
  ['Sudbury', 'ON'],
  ['Thunder Bay', 'ON'],
  ['Québec', 'QC'],
  ['Montréal', 'QC'],
  ['Laval', 'QC'],
  ['Gatineau', 'QC'],
  ['Sherbrooke', 'QC'],
  ['Saguenay', 'QC'],
  ['Trois-Rivières', 'QC'],
  ['Fredericton', 'NB'],
  ['Moncton', 'NB'],
  ['Saint John', 'NB'],
  ['Halifax', 'NS'],
  ['Sydney', 'NS'],
  ['Charlottetown', 'PE'],
  ["St. John's", 'NL'],
  ['Corner Brook', 'NL'],
  ['Whitehorse', 'YT'],
  ['Yellowknife', 'NT'],
  ['Iqaluit', 'NU'],
];

const UNITED_STATES: readonly Row[] = [
  ['Anchorage', 'AK'],
  ['Buffalo', 'NY'],
  ['Rochester', 'NY'],
  ['Syracuse', 'NY'],
  ['Erie', 'PA'],
  ['Boston', 'MA'],
  ['Burlington', 'VT'],
  ['Portland', 'ME'],
  ['Detroit', 'MI'],
  ['Chicago', 'IL'],
  ['Milwaukee', 'WI'],
  ['Minneapolis', 'MN'],
  ['Duluth', 'MN'],
  ['Fargo', 'ND'],
  ['Denver', 'CO'],
  ['Salt Lake City', 'UT'],
];

/** 'Trois-Rivières', 'QC' → 'trois-rivieres-qc'; "St. John's", 'NL' → 'st-johns-nl'. */
const cityId = (name: string, province: string) =>
  `${name}-${province}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const city = (country: 'CA' | 'US') => ([name, province]: Row): City => ({ id: cityId(name, province), name, province, country, weather: null, weatherSource: null });

/** Capitals and large cities of every province and territory, and snowy US cities. */
export const CITIES: readonly City[] = [...CANADA.map(city('CA')), ...UNITED_STATES.map(city('US'))];

export const findCity = (id: string): City | undefined => CITIES.find((c) => c.id === id);

/**
 * A country's cities in alphabetical order, accents, case and punctuation aside ("Montréal" between "Moncton" and
 * "Québec"). The ids are the names so folded, so comparing them needs no collator: a browser's first collator
 * loads its locale data, tens of milliseconds in one task, which the layout generator's first screen does without.
 */
export const citiesByName = (country: City['country']): City[] =>
  CITIES.filter((c) => c.country === country).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/**
 * Design densities by class when there is no design weather; `typicalWm2` (the top of the range) is what the
 * page fills in.
 */
export const CLASS_DENSITIES: Record<SnowClass, { minWm2: number; maxWm2: number; typicalWm2: number; snowFreeRatio: number }> = {
  residential: { minWm2: 300, maxWm2: 400, typicalWm2: 400, snowFreeRatio: 0 },
  commercial: { minWm2: 400, maxWm2: 500, typicalWm2: 500, snowFreeRatio: 0.5 },
  critical: { minWm2: 500, maxWm2: 650, typicalWm2: 650, snowFreeRatio: 1 },
};

/** The class a snow-free area ratio stands for: below 0.25 residential, below 0.75 commercial, else critical. */
export function classOfRatio(snowFreeRatio: number): SnowClass {
  if (snowFreeRatio < 0.25) return 'residential';
  return snowFreeRatio < 0.75 ? 'commercial' : 'critical';
}
