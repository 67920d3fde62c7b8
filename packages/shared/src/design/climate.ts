/**
 * Climate of the Canadian cities of `cities.ts`, from the National Building Code of Canada 2020, Table C-2.
 *
 * These are NOT design weather during snowfall (snowfall rate, air temperature, wind and humidity while it snows):
 * they never enter the heat balance. They serve for an estimate of a season's operating hours (precipitation that
 * does not fall as rain) and for the controller's low-temperature note (January design temperatures). The US
 * cities have no row: no figure is given for them.
 */

export const CLIMATE_SOURCE =
  'National Building Code of Canada 2020, Division B, Appendix C, Table C-2, "Design Data for Selected Locations in Canada" (National Research Council Canada)';

export type CityClimate = {
  /** The NBC location whose figures are used, e.g. 'Vancouver (City Hall)'. */
  nbcLocation: string;
  /** January design dry-bulb temperatures, °C: 2.5% and 1%. */
  januaryDesign25C: number;
  januaryDesign1C: number;
  /** Heating degree-days below 18 °C. */
  heatingDegreeDays: number;
  annualRainMm: number;
  annualPrecipitationMm: number;
  /**
   * Annual precipitation that does not fall as rain, mm of water: total − rain, derived. A water-equivalent amount
   * that ranks how much snow a city gets; never a design snowfall rate.
   */
  notRainMm: number;
};

type Row = readonly [id: string, nbcLocation: string, jan25: number, jan1: number, hdd: number, rainMm: number, totalMm: number];

// NBC 2020 Table C-2: January 2.5% and 1% design temperatures (°C), heating degree-days (18 °C), annual rain and
// annual total precipitation (mm), transcribed for the 40 Canadian cities of the generator.
const ROWS: readonly Row[] = [
  ['victoria-bc', 'Victoria', -4, -6, 2650, 800, 825],
  ['vancouver-bc', 'Vancouver (City Hall)', -7, -9, 2825, 1325, 1400],
  ['kelowna-bc', 'Kelowna', -17, -20, 3400, 260, 325],
  ['kamloops-bc', 'Kamloops', -23, -25, 3450, 225, 275],
  ['prince-george-bc', 'Prince George', -32, -36, 4720, 425, 600],
  ['edmonton-ab', 'Edmonton', -30, -33, 5120, 360, 460],
  ['calgary-ab', 'Calgary', -30, -32, 5000, 325, 425],
  ['red-deer-ab', 'Red Deer', -32, -35, 5550, 375, 475],
  ['lethbridge-ab', 'Lethbridge', -30, -32, 4500, 250, 390],
  ['regina-sk', 'Regina', -34, -36, 5600, 300, 365],
  ['saskatoon-sk', 'Saskatoon', -35, -37, 5700, 265, 350],
  ['winnipeg-mb', 'Winnipeg', -33, -35, 5670, 415, 500],
  ['brandon-mb', 'Brandon', -33, -35, 5760, 375, 460],
  ['toronto-on', 'Toronto (City Hall)', -18, -20, 3520, 720, 820],
  ['ottawa-on', 'Ottawa (City Hall)', -25, -27, 4440, 750, 900],
  ['mississauga-on', 'Mississauga', -18, -20, 3880, 720, 800],
  ['hamilton-on', 'Hamilton', -17, -19, 3460, 810, 875],
  ['london-on', 'London', -18, -20, 3900, 825, 975],
  ['kitchener-on', 'Kitchener', -19, -21, 4200, 780, 925],
  ['windsor-on', 'Windsor', -16, -18, 3400, 800, 900],
  ['sudbury-on', 'Sudbury', -28, -30, 5180, 650, 875],
  ['thunder-bay-on', 'Thunder Bay', -31, -33, 5650, 560, 710],
  ['quebec-qc', 'Québec', -25, -28, 5080, 925, 1210],
  ['montreal-qc', 'Montréal (City Hall)', -23, -26, 4200, 830, 1025],
  ['laval-qc', 'Laval', -24, -26, 4500, 830, 1025],
  ['gatineau-qc', 'Gatineau', -25, -28, 4600, 790, 950],
  ['sherbrooke-qc', 'Sherbrooke', -28, -30, 4700, 900, 1100],
  ['saguenay-qc', 'Saguenay', -30, -32, 5700, 710, 975],
  ['trois-rivieres-qc', 'Trois-Rivières', -25, -28, 4900, 860, 1050],
  ['fredericton-nb', 'Fredericton', -24, -27, 4670, 900, 1100],
  ['moncton-nb', 'Moncton', -23, -25, 4680, 850, 1175],
  ['saint-john-nb', 'Saint John', -22, -24, 4570, 1100, 1425],
  ['halifax-ns', 'Halifax', -16, -18, 4000, 1350, 1500],
  ['sydney-ns', 'Sydney', -16, -19, 4530, 1200, 1475],
  ['charlottetown-pe', 'Charlottetown', -20, -22, 4460, 900, 1150],
  ['st-johns-nl', "St. John's", -15, -16, 4800, 1200, 1575],
  ['corner-brook-nl', 'Corner Brook', -16, -18, 4760, 875, 1190],
  ['whitehorse-yt', 'Whitehorse', -41, -43, 6580, 170, 275],
  ['yellowknife-nt', 'Yellowknife', -41, -44, 8170, 175, 275],
  ['iqaluit-nu', 'Iqaluit', -40, -41, 9980, 200, 433],
];

export const CLIMATE: Readonly<Record<string, CityClimate>> = Object.fromEntries(
  ROWS.map(([id, nbcLocation, jan25, jan1, hdd, rain, total]) => [
    id,
    { nbcLocation, januaryDesign25C: jan25, januaryDesign1C: jan1, heatingDegreeDays: hdd, annualRainMm: rain, annualPrecipitationMm: total, notRainMm: total - rain },
  ]),
);

/** A city's NBC 2020 climate by its id of `cities.ts`; undefined for the US cities, which have none. */
export const climateOf = (cityId: string): CityClimate | undefined => CLIMATE[cityId];

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The reference climate of the 80 h / 200 h seasons, mm of precipitation not falling as rain. Their source names
 * no climate, so this is our assumption: the median of the 40 cities, 150 mm (Ottawa, London, Thunder Bay and
 * Halifax have it).
 */
export const REFERENCE_NOT_RAIN_MM = median(Object.values(CLIMATE).map((c) => c.notRainMm));
