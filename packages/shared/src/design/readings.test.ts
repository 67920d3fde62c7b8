import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTINUITY_TOLERANCE, judgeReading, MIN_INSULATION_MOHM, readingRule } from './readings.js';

// A 240 V mat of 3,700 W: R = 240² / 3700 = 15.5676 Ω, 15.57 Ω to the hundredth; ±10%: 14.01 to 17.13 Ω.
const MAT = { watts: 3700 };

describe('the rule a unit is judged by', () => {
  it('asks 100 MΩ and R = V²/P ± 10%, rounded to 0.01 Ω', () => {
    expect([MIN_INSULATION_MOHM, CONTINUITY_TOLERANCE]).toEqual([100, 0.1]);
    expect(readingRule(MAT, 240)).toEqual({ minInsulationMOhm: 100, nominalOhm: 15.57, minOhm: 14.01, maxOhm: 17.13 });
  });

  it('asks what the maker states when it is more than 100 MΩ, and never less than 100 MΩ', () => {
    expect(readingRule(MAT, 240, 500).minInsulationMOhm).toBe(500);
    expect(readingRule(MAT, 240, 50).minInsulationMOhm).toBe(100);
    expect(readingRule(MAT, 240, null).minInsulationMOhm).toBe(100);
  });

  it('keeps a re-rated heater’s resistance: 208 V on a 240 V mat reads the same R as the mat’s own watts at 208 V', () => {
    // 3700 W at 240 V is 3700 × (208/240)² = 2779.2 W at 208 V: R stays 15.57 Ω.
    expect(readingRule({ watts: 3700 * (208 / 240) ** 2 }, 208).nominalOhm).toBe(15.57);
  });
});

describe('judging a reading', () => {
  const rule = readingRule(MAT, 240);

  it('passes insulation from exactly the least resistance, and fails it just below', () => {
    expect(judgeReading({ insulationMOhm: 100, continuityOhm: 15.57 }, rule)).toEqual({ passed: true, insulationPassed: true, continuityPassed: true });
    expect(judgeReading({ insulationMOhm: 99.9, continuityOhm: 15.57 }, rule)).toEqual({ passed: false, insulationPassed: false, continuityPassed: true });
    expect(judgeReading({ insulationMOhm: 0.4, continuityOhm: 15.57 }, rule).passed).toBe(false);
  });

  it('passes continuity at both bounds of ±10%, and fails it 0.01 Ω beyond either', () => {
    expect(judgeReading({ insulationMOhm: 500, continuityOhm: 14.01 }, rule).continuityPassed).toBe(true);
    expect(judgeReading({ insulationMOhm: 500, continuityOhm: 17.13 }, rule).continuityPassed).toBe(true);
    expect(judgeReading({ insulationMOhm: 500, continuityOhm: 14 }, rule)).toEqual({ passed: false, insulationPassed: true, continuityPassed: false });
    expect(judgeReading({ insulationMOhm: 500, continuityOhm: 17.14 }, rule)).toEqual({ passed: false, insulationPassed: true, continuityPassed: false });
    // An open conductor, and a short.
    expect(judgeReading({ insulationMOhm: 500, continuityOhm: 999 }, rule).passed).toBe(false);
    expect(judgeReading({ insulationMOhm: 500, continuityOhm: 0 }, rule).passed).toBe(false);
  });

  it('passes a reading exactly when both parts are within the rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000 }),
        fc.constantFrom(120, 208, 240, 277, 347),
        fc.double({ min: 0, max: 10_000, noNaN: true }),
        fc.double({ min: 0, max: 2_000, noNaN: true }),
        (watts, voltage, insulationMOhm, continuityOhm) => {
          const r = readingRule({ watts }, voltage);
          const judged = judgeReading({ insulationMOhm, continuityOhm }, r);
          expect(r.minOhm).toBeLessThanOrEqual(r.nominalOhm);
          expect(r.maxOhm).toBeGreaterThanOrEqual(r.nominalOhm);
          expect(judged.insulationPassed).toBe(insulationMOhm >= 100);
          expect(judged.continuityPassed).toBe(continuityOhm >= r.minOhm && continuityOhm <= r.maxOhm);
          expect(judged.passed).toBe(judged.insulationPassed && judged.continuityPassed);
          // The nominal resistance itself always passes continuity.
          expect(judgeReading({ insulationMOhm, continuityOhm: r.nominalOhm }, r).continuityPassed).toBe(true);
        },
      ),
    );
  });
});
