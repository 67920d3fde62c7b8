export type ElectricityPrice = {
  /** Residential price, ¢/kWh. */
  centsPerKwh: number;
  source: string;
  date: string;
  /** How the figure was read from its source. */
  note: string;
};

export const ELECTRICITY_SOURCE = 'Meltway engineering facts, residential electricity prices 2025';

const price = (centsPerKwh: number, note: string): ElectricityPrice => ({ centsPerKwh, source: ELECTRICITY_SOURCE, date: '2025', note });
const midpoint = (from: number, to: number) => price((from + to) / 2, `midpoint of the ${from}-${to} ¢/kWh range given for this province`);

/**
 * Residential electricity prices by province. Territories and US states have no price we can source: the
 * user types the one they pay.
 */
export const ELECTRICITY_PRICES: Readonly<Record<string, ElectricityPrice>> = {
  QC: price(7.8, 'about 7.8 ¢/kWh'),
  MB: midpoint(10, 12),
  BC: midpoint(10, 12),
  ON: midpoint(14, 19),
  NB: midpoint(14, 19),
  NL: midpoint(14, 19),
  NS: midpoint(14, 19),
  PE: midpoint(14, 19),
  SK: midpoint(14, 19),
  AB: price(26, 'about 26 ¢/kWh'),
};

export const electricityPrice = (province: string): ElectricityPrice | undefined => ELECTRICITY_PRICES[province];
