import { describe, expect, it } from 'vitest';
import { climateOf } from './climate.js';
import { RunningCost } from './design.schema.js';
import { runningCost } from './running-cost.js';

const ONTARIO = { province: 'ON', centsPerKwh: 16.5, source: 'Facts sheet', date: '2025' };
const yellowknife = { cityId: 'yellowknife-nt', city: 'Yellowknife', climate: climateOf('yellowknife-nt')! };

describe('running cost', () => {
  it('scales the season hours by the city’s precipitation not falling as rain, worked by hand for Yellowknife', () => {
    // Yellowknife: 275 mm total − 175 mm rain = 100 mm; reference 150 mm. 80 h × 100 ÷ 150 = 53.3 → 53 h,
    // 200 h × 100 ÷ 150 = 133.3 → 133 h. At 3.6 kW on a sensor: 3.6 × 133 = 478.8 kWh; at 16.5 ¢ = 7,900.2 → 7,900 ¢.
    const cost = runningCost(3600, 'ON', ONTARIO, yellowknife);
    expect(cost.seasons).toEqual({ light: 53, average: 133 });
    expect(cost.seasonBasis).toMatchObject({ cityId: 'yellowknife-nt', city: 'Yellowknife', notRainMm: 100, referenceMm: 150, factor: 0.67 });
    expect(cost.seasonBasis!.source).toContain('Table C-2');
    const aerial = cost.controls.find((c) => c.control === 'aerial')!;
    expect(aerial.average).toEqual({ hoursMin: 133, hoursMax: 133, kwhMin: 478.8, kwhMax: 478.8, costCentsMin: 7900, costCentsMax: 7900 });
    const ambient = cost.controls.find((c) => c.control === 'ambient')!;
    expect([ambient.light.hoursMin, ambient.light.hoursMax]).toEqual([106, 530]);
    expect(() => RunningCost.parse(cost)).not.toThrow();
  });

  it('keeps the unscaled 80 h and 200 h without a city climate, and says there is no basis', () => {
    const cost = runningCost(3600, 'ON', ONTARIO, null);
    expect(cost.seasons).toEqual({ light: 80, average: 200 });
    expect(cost.seasonBasis).toBeNull();
    // A city at the reference (Ottawa, 900 − 750 = 150 mm) gets the same hours, with its basis.
    const ottawa = runningCost(3600, 'ON', ONTARIO, { cityId: 'ottawa-on', city: 'Ottawa', climate: climateOf('ottawa-on')! });
    expect(ottawa.seasons).toEqual({ light: 80, average: 200 });
    expect(ottawa.seasonBasis).toMatchObject({ notRainMm: 150, factor: 1 });
  });

  it('gives no cost, never 0, without a price, and still the kWh', () => {
    const cost = runningCost(3600, 'NT', null, yellowknife);
    expect(cost).toMatchObject({ priceKnown: false, centsPerKwh: null, priceSource: '', priceDate: '' });
    for (const row of cost.controls)
      for (const s of [row.light, row.average]) {
        expect(s.costCentsMin, row.control).toBeNull();
        expect(s.costCentsMax, row.control).toBeNull();
        expect(s.kwhMax, row.control).toBeGreaterThan(0);
      }
    expect(cost.controls.find((c) => c.control === 'aerial')!.average.kwhMax).toBe(478.8);
    expect(() => RunningCost.parse(cost)).not.toThrow();
  });
});
