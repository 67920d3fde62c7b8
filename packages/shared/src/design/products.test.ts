import { describe, expect, it } from 'vitest';
import { VOLTAGES } from './design.schema.js';
import { breakersOf, controllerType, heaterAt, roleOf, sensorType, usableAt } from './products.js';
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

  it('uses a product rated V_r from 0.8·V_r to 1.2·V_r only: 240 V serves 208, 240 and 277 V', () => {
    // 0.8 × 240 = 192 V; 1.2 × 240 = 288 V.
    expect(VOLTAGES.filter((v) => usableAt(240, v))).toEqual([208, 240, 277]);
    expect(heaterAt(bySku('MW-MAT-06015'), 120)).toBeNull();
    expect(heaterAt(bySku('TP-GFEP-20'), 240)).toBeNull();
  });

  it('re-rates power by the square of the voltage ratio and the current from it', () => {
    // The 600 ft cable: 7500 W at 240 V. At 208 V: 7500 × (208/240)² = 7500 × 0.75111 = 5633.33 W, I = 5633.33 / 208 = 27.08 A.
    const cable = heaterAt(bySku('MW-CBL-600'), 208)!;
    expect(cable.watts).toBe(5633.33);
    expect(cable.amps).toBe(27.08);
    // Watts per metre: 5633.33 / 182.9 m = 30.8 W/m.
    expect(cable.density).toBeCloseTo(30.8, 1);
  });
});
