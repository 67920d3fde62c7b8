import { describe, expect, it } from 'vitest';
import { calculateDesign } from './calculate.js';
import { DesignInput, type DesignInput as DesignInputType, type DesignResult, type Explained } from './design.schema.js';
import { ENGINE_TEXTS } from './engine-texts-en.js';
import { fillText } from './engine-texts.js';
import { DEMO_CATALOGUE, DUAL_RATED_CATALOGUE } from './test/catalogue.js';

const designs: DesignInputType[] = [
  {
    city: 'ottawa-on',
    classDensityWm2: 400,
    snowFreeRatio: 0,
    voltage: 240,
    surface: 'pavers',
    areas: [
      { name: 'Driveway', widthM: 3, lengthM: 12 },
      { name: 'Walk', widthM: 1.2, lengthM: 8, exclusions: [{ kind: 'drain', x: 0.45, y: 3.8, widthM: 0.3, lengthM: 0.3 }] },
    ],
  },
  { weather: { snowfallMmPerHour: 3, airTempC: -10, windMs: 6, humidityPct: 85 }, snowFreeRatio: 1, voltage: 208, province: 'AB', areas: [{ name: 'Ramp', polygon: [[0, 0], [6, 0], [6, 2], [0, 3]] }] },
  { city: 'denver-co', classDensityWm2: 1200, snowFreeRatio: 1, voltage: 277, system: 'cable', control: 'ambient', areas: [{ name: 'Lot', widthM: 12, lengthM: 30 }] },
];

/** Every sentence of a result with its code and params. */
function sentences(r: DesignResult): Explained[] {
  const checks = r.checks.map((c) => ({ code: c.code, params: c.params, text: c.detail }));
  return [...r.explanation, ...r.areas.flatMap((a) => a.notes), ...r.recommendations, ...r.runningCost.controls.map((c) => c.reason), ...checks];
}

describe('engine texts', () => {
  it('writes every sentence from its code’s template and params, with every placeholder filled', () => {
    const codes = new Set<string>();
    for (const input of designs) {
      for (const s of sentences(calculateDesign(DesignInput.parse(input), DUAL_RATED_CATALOGUE))) {
        const template = ENGINE_TEXTS[s.code as keyof typeof ENGINE_TEXTS];
        expect(template, s.code).toBeDefined();
        expect(s.text).toBe(fillText(template, s.params));
        expect(s.text, s.code).not.toMatch(/\{\w+\}/);
        codes.add(s.code);
      }
    }
    expect(codes.size).toBeGreaterThan(30);
  });

  it('names each check’s rule by a code of its own', () => {
    const result = calculateDesign(DesignInput.parse(designs[0]!), DEMO_CATALOGUE);
    for (const c of result.checks) expect(ENGINE_TEXTS[c.ruleCode as keyof typeof ENGINE_TEXTS]).toBe(c.rule);
  });

  it('writes numbers and money the English way', () => {
    expect(fillText('{watts} W, {price}', { watts: 14800.5, price: '$8,753.00' })).toBe('14,800.5 W, $8,753.00');
  });
});
