import { CONTROLS, type Control, type RunningCost } from './design.schema.js';
import type { EngineTextCode } from './engine-texts-en.js';
import { explain } from './engine-texts.js';

/** Full-load hours of a season on a snow sensor (Meltway engineering facts). */
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

const round2 = (n: number) => Math.round(n * 100) / 100;

/** kWh and cost of a season for a control: kW × season hours × factor, at the price. */
function season(kw: number, hours: number, factor: { min: number; max: number }, cents: number) {
  const kwhMin = round2(kw * hours * factor.min);
  const kwhMax = round2(kw * hours * factor.max);
  return { hoursMin: hours * factor.min, hoursMax: hours * factor.max, kwhMin, kwhMax, costCentsMin: Math.round(kwhMin * cents), costCentsMax: Math.round(kwhMax * cents) };
}

/**
 * Running cost by control type for a light and an average season. With no price (`price` null), costs are 0
 * and `priceKnown` is false: the page asks for the price instead of showing a figure.
 */
export function runningCost(watts: number, province: string | null, price: PriceUsed): RunningCost {
  const kw = round2(watts / 1000);
  const cents = price?.centsPerKwh ?? 0;
  return {
    province,
    priceKnown: price !== null,
    centsPerKwh: cents,
    priceSource: price?.source ?? '',
    priceDate: price?.date ?? '',
    kw,
    seasons: { ...SEASON_HOURS },
    controls: CONTROLS.map((control) => {
      const factor = CONTROL_FACTORS[control];
      return {
        control,
        factorMin: factor.min,
        factorMax: factor.max,
        light: season(kw, SEASON_HOURS.light, factor, cents),
        average: season(kw, SEASON_HOURS.average, factor, cents),
        reason: explain(factor.reason),
      };
    }),
  };
}
