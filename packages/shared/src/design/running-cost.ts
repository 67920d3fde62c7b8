import { CLIMATE_SOURCE, REFERENCE_NOT_RAIN_MM, type CityClimate } from './climate.js';
import { CONTROLS, type Control, type RunningCost } from './design.schema.js';
import type { EngineTextCode } from './engine-texts-en.js';
import { explain } from './engine-texts.js';

/**
 * Full-load hours of a season on a snow sensor (Meltway engineering facts). Their source names no climate: they
 * are taken to be those of a city with `REFERENCE_NOT_RAIN_MM` of precipitation not falling as rain (climate.ts).
 */
const SEASON_HOURS = { light: 80, average: 200 } as const;

/**
 * Hours of operation relative to a snow sensor. An ambient thermostat runs 2 to 10 times as long (facts
 * sheet); a manual timer 1 to 2 times is our assumption (it runs its set time after the snow stops).
 */
export const CONTROL_FACTORS: Record<Control, { min: number; max: number; reason: EngineTextCode }> = {
  manual: { min: 1, max: 2, reason: 'costManual' },
  ambient: { min: 2, max: 10, reason: 'costAmbient' },
  aerial: { min: 1, max: 1, reason: 'costSensor' },
  pavement: { min: 1, max: 1, reason: 'costSensor' },
};

export type PriceUsed = { province: string | null; centsPerKwh: number; source: string; date: string } | null;

/** The city whose climate scales the season hours: its id and name, and its NBC 2020 figures. */
export type ClimateUsed = { cityId: string; city: string; climate: CityClimate } | null;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** kWh and cost of a season for a control: kW × season hours × factor, at the price (no cost without one). */
function season(kw: number, hours: number, factor: { min: number; max: number }, cents: number | null) {
  const kwhMin = round2(kw * hours * factor.min);
  const kwhMax = round2(kw * hours * factor.max);
  return {
    hoursMin: hours * factor.min,
    hoursMax: hours * factor.max,
    kwhMin,
    kwhMax,
    costCentsMin: cents === null ? null : Math.round(kwhMin * cents),
    costCentsMax: cents === null ? null : Math.round(kwhMax * cents),
  };
}

/**
 * A season's full-load hours in a city, an estimate: 80 h (light) or 200 h (average) × the city's precipitation
 * not falling as rain ÷ the reference's, to the hour. Without a city climate (no city, or a US city), 80 h and
 * 200 h unscaled.
 */
function seasonHours(used: ClimateUsed): Pick<RunningCost, 'seasons' | 'seasonBasis'> {
  if (!used) return { seasons: { ...SEASON_HOURS }, seasonBasis: null };
  const ratio = used.climate.notRainMm / REFERENCE_NOT_RAIN_MM;
  return {
    seasons: { light: Math.round(SEASON_HOURS.light * ratio), average: Math.round(SEASON_HOURS.average * ratio) },
    seasonBasis: { cityId: used.cityId, city: used.city, notRainMm: used.climate.notRainMm, referenceMm: REFERENCE_NOT_RAIN_MM, factor: round2(ratio), source: CLIMATE_SOURCE },
  };
}

/**
 * Running cost by control type for a light and an average season, the hours scaled by the city's climate when
 * it has one. With no price (`price` null), `priceKnown` is false and `centsPerKwh` and every cost are null:
 * the page asks for the price and shows the kWh.
 */
export function runningCost(watts: number, province: string | null, price: PriceUsed, climate: ClimateUsed = null): RunningCost {
  const kw = round2(watts / 1000);
  const cents = price?.centsPerKwh ?? null;
  const { seasons, seasonBasis } = seasonHours(climate);
  return {
    province,
    priceKnown: price !== null,
    centsPerKwh: cents,
    priceSource: price?.source ?? '',
    priceDate: price?.date ?? '',
    kw,
    seasons,
    seasonBasis,
    controls: CONTROLS.map((control) => {
      const factor = CONTROL_FACTORS[control];
      return {
        control,
        factorMin: factor.min,
        factorMax: factor.max,
        light: season(kw, seasons.light, factor, cents),
        average: season(kw, seasons.average, factor, cents),
        reason: explain(factor.reason),
      };
    }),
  };
}
