/**
 * How an installer's test of one mat or cable is judged: its insulation resistance at or above the least the
 * maker states (100 MΩ when it states none higher), its conductor resistance within ±10% of the nominal one,
 * R = V²/P at the rated voltage (a heater re-rated by (V/V_r)² keeps the same R, so the design's own volts and
 * watts give it too).
 */

import { nominalResistanceOhm } from './units.js';

/** The least insulation resistance any heater must show, MΩ. */
export const MIN_INSULATION_MOHM = 100;
/** How far a good unit's conductor resistance may be from its nominal one. */
export const CONTINUITY_TOLERANCE = 0.1;

export type ReadingRule = {
  minInsulationMOhm: number;
  /** R = V²/P, ohms, rounded to 0.01 Ω (`nominalResistanceOhm`). */
  nominalOhm: number;
  minOhm: number;
  maxOhm: number;
};

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The rule a unit of `watts` at `voltage` (the design's figures) is judged by; `minInsulationMOhm` is the maker's
 * figure, if any: never below 100 MΩ.
 */
export function readingRule(unit: { watts: number }, voltage: number, minInsulationMOhm?: number | null): ReadingRule {
  const nominal = nominalResistanceOhm(unit, voltage);
  return {
    minInsulationMOhm: Math.max(MIN_INSULATION_MOHM, minInsulationMOhm ?? 0),
    nominalOhm: nominal,
    minOhm: r2(nominal * (1 - CONTINUITY_TOLERANCE)),
    maxOhm: r2(nominal * (1 + CONTINUITY_TOLERANCE)),
  };
}

/** Whether a reading passes its rule: each part, and both. The bounds are inclusive. */
export function judgeReading(reading: { insulationMOhm: number; continuityOhm: number }, rule: ReadingRule) {
  const insulationPassed = reading.insulationMOhm >= rule.minInsulationMOhm;
  const continuityPassed = reading.continuityOhm >= rule.minOhm && reading.continuityOhm <= rule.maxOhm;
  return { passed: insulationPassed && continuityPassed, insulationPassed, continuityPassed };
}
