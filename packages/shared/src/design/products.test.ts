import { describe, expect, it } from 'vitest';
import { VOLTAGES } from './design.schema.js';
import { breakersOf, catalogueRatings, controllerType, heaterAt, roleOf, sensorType, usableAt } from './products.js';
import { DEMO_CATALOGUE } from './test/catalogue.js';

const bySku = (sku: string) => DEMO_CATALOGUE.find((p) => p.sku === sku)!;

describe('catalogue products in a design', () => {
  it('reads each demo product’s role from its kind, name and figures', () => {
    const roles = Object.fromEntries(DEMO_CATALOGUE.map((p) => [p.sku, roleOf(p)]));
    expect(roles).toMatchObject({
      'MW-MAT-06015': 'mat',
      'MW-CBL-600': 'cable',
      'MW-CTL-TMR': 'controller',
      'NF-CTL-AMB': 'controller',
      'NF-CTL-SNW': 'controller',
      'MW-CTL-CP60': 'contactor',
      'NF-SEN-AER': 'sensor',
      'NF-SEN-PAV': 'sensor',
      'TP-GFEP-20': 'breaker',
      'TP-ACC-JBX': 'junction-box',
      'MW-ACC-TAPE': 'tape',
      'TP-ACC-SIGN': 'sign',
      'NF-ACC-HSG': 'sensor-housing',
    });
    expect(['MW-CTL-TMR', 'NF-CTL-AMB', 'NF-CTL-SNW'].map((s) => controllerType(bySku(s)))).toEqual(['manual', 'ambient', 'snow']);
    expect(['NF-SEN-AER', 'NF-SEN-PAV'].map((s) => sensorType(bySku(s)))).toEqual(['aerial', 'pavement']);
    expect([...breakersOf(DEMO_CATALOGUE).keys()].sort()).toEqual([20, 30, 40]);
  });

  it('uses a heater at its highest rated voltage or below, down to 80% of its lowest, never above', () => {
    // A 240 V-only heater: 0.8 × 240 = 192 V up to 240 V, so 208 and 240 V; not 277 V (1.15 × its rating), not 120 V.
    expect(VOLTAGES.filter((v) => usableAt([240], v))).toEqual([208, 240]);
    // Rated 240/277 V: 192 V up to 277 V.
    expect(VOLTAGES.filter((v) => usableAt([240, 277], v))).toEqual([208, 240, 277]);
    // 120/240 V: 0.8 × 120 = 96 V up to 240 V.
    expect(VOLTAGES.filter((v) => usableAt([120, 240], v))).toEqual([120, 208, 240]);
    expect(VOLTAGES.filter((v) => usableAt([], v))).toEqual([]);
    expect(heaterAt(bySku('MW-MAT-06015'), 120)).toBeNull();
    expect(heaterAt(bySku('MW-MAT-06015'), 277)).toBeNull();
    expect(heaterAt(bySku('TP-GFEP-20'), 240)).toBeNull();
  });

  it('does not use a heater whose rated voltages are not given', () => {
    expect(heaterAt({ ...bySku('MW-MAT-06152'), voltages: [] }, 240)).toBeNull();
    expect(catalogueRatings([{ ...bySku('MW-MAT-06152'), voltages: [] }])).toEqual([]);
  });

  it('re-rates a dual-rated mat at 277 V from its 240 V figures, and names the rating it runs under', () => {
    // The 0.6 × 15.2 m mat gives 3700 W at 240 V. At 277 V: 3700 × (277/240)² = 3700 × 1.332100 = 4928.77 W; I = 4928.77 / 277 = 17.79 A.
    const mat = heaterAt({ ...bySku('MW-MAT-06152'), voltages: [240, 277] }, 277)!;
    expect(mat.watts).toBe(4928.77);
    expect(mat.amps).toBe(17.79);
    expect(mat.ratedVoltage).toBe(277);
    expect(heaterAt({ ...bySku('MW-MAT-06152'), voltages: [240, 277] }, 208)!.ratedVoltage).toBe(240);
  });

  it('lists the ratings of the catalogue’s heaters once each, ascending', () => {
    const mat = bySku('MW-MAT-06152');
    expect(catalogueRatings(DEMO_CATALOGUE)).toEqual([240]);
    expect(catalogueRatings([{ ...mat, voltages: [277, 240] }, mat, bySku('TP-GFEP-20')])).toEqual([240, 277]);
  });

  it('re-rates a 240 V heater at 208 V by the square of the voltage ratio, and the current from it', () => {
    // The 600 ft cable: 7500 W at 240 V. At 208 V: 7500 × (208/240)² = 7500 × 0.75111 = 5633.33 W, I = 5633.33 / 208 = 27.08 A.
    const cable = heaterAt(bySku('MW-CBL-600'), 208)!;
    expect(cable.watts).toBe(5633.33);
    expect(cable.amps).toBe(27.08);
    // Watts per metre: 5633.33 / 182.9 m = 30.8 W/m.
    expect(cable.density).toBeCloseTo(30.8, 1);
  });
});
