import { describe, expect, it } from 'vitest';
import { calculateDesign } from './calculate.js';
import { DesignInput } from './design.schema.js';
import { DEMO_CATALOGUE } from './test/catalogue.js';
import { designUnits, nominalResistanceOhm } from './units.js';

describe('units of a saved project', () => {
  const result = calculateDesign(
    DesignInput.parse({
      classDensityWm2: 350,
      snowFreeRatio: 0,
      voltage: 240,
      areas: [
        { name: 'Strip', widthM: 0.6, lengthM: 15.2 },
        { name: 'Walk', widthM: 2.2, lengthM: 5.2 },
      ],
      system: 'auto',
    }),
    DEMO_CATALOGUE,
  );

  it('names every mat and reel by area and number, with its watts', () => {
    // Strip: one 0.6 × 15.2 m mat (3700 W, 405.7 W/m² over the whole strip ≥ 350). Walk: cable, 300 ft + 50 ft (see calculate.test.ts).
    expect(designUnits(result)).toEqual([
      { unit: 'A1-M1', area: 'Strip', sku: 'MW-MAT-06152', name: 'Snowmelt Mat 0.6 × 15.2 m (2 × 50 ft)', watts: 3700 },
      { unit: 'A2-C1', area: 'Walk', sku: 'MW-CBL-300', name: 'Snowmelt Cable 91.4 m (300 ft), 240 V', watts: 3750 },
      { unit: 'A2-C2', area: 'Walk', sku: 'MW-CBL-050', name: 'Snowmelt Cable 15.2 m (50 ft), 240 V', watts: 625 },
    ]);
  });

  it('gives the resistance a continuity test should read: R = V²/P', () => {
    // 240² / 3700 = 57600 / 3700 = 15.57 Ω; 240² / 625 = 92.16 Ω.
    const [mat, , short] = designUnits(result);
    expect(nominalResistanceOhm(mat!, 240)).toBe(15.57);
    expect(nominalResistanceOhm(short!, 240)).toBe(92.16);
  });
});
