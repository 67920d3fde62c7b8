import { describe, expect, it } from 'vitest';
import { calculateDesign, DesignInputError } from './calculate.js';
import { planCircuits } from './circuits.js';
import { DesignInput, DesignResult, type DesignInput as DesignInputType } from './design.schema.js';
import { heaterAt, type Heater } from './products.js';
import { CATALOGUE_WITH_50A, DEMO_CATALOGUE, DUAL_RATED_CATALOGUE } from './test/catalogue.js';

const design = (input: DesignInputType, catalogue = DEMO_CATALOGUE) => calculateDesign(DesignInput.parse(input), catalogue);
const refusal = (input: DesignInputType, catalogue = DEMO_CATALOGUE) => {
  try {
    design(input, catalogue);
  } catch (error) {
    if (error instanceof DesignInputError) return { path: error.path, key: error.messageKey, message: error.message };
    throw error;
  }
  throw new Error('the design was not refused');
};

// Every cable of the demo line is 12.5 W/ft at 240 V; its watts per metre as the catalogue gives it (lengths
// rounded to 0.1 m): (625 + 1250 + 2500 + 3750 + 5000 + 7500) W / (15.2 + 30.5 + 61 + 91.4 + 121.9 + 182.9) m
// = 20625 / 502.9 = 41.012 W/m.

describe('cable length and density, by hand', () => {
  it('lays cable at 102 mm when the design density asks for wider', () => {
    // Area 2.2 m × 5.2 m = 11.44 m²; heated area without the 100 mm edge band = 2.0 × 5.0 = 10 m².
    // The whole 11.44 m² must get 350 W/m², so the 10 m² heated must get 350 × 11.44 / 10 = 400.4 W/m².
    // s = 41.012 W/m ÷ 400.4 W/m² = 102.4 mm, above 4 in: kept at 102 mm. Needed length = 10 / 0.102 = 98.04 m.
    // Fewest reels within one shortest reel (15.2 m) over the need, [98.04, 113.24] m: no single reel fits
    // (91.4 is short, 121.9 too long); 300 ft + 50 ft = 91.4 + 15.2 = 106.6 m.
    // Actual spacing = 10 m² / 106.6 m = 93.8 mm; watts = 3750 + 625 = 4375 W; density = 4375 / 10 = 437.5 W/m²
    // where heated, 4375 / 11.44 = 382.4 W/m² over the whole area (10 / 11.44 = 87.4% heated), above 350 W/m².
    const result = design({ classDensityWm2: 350, snowFreeRatio: 0, voltage: 240, system: 'cable', areas: [{ name: 'Walk', widthM: 2.2, lengthM: 5.2 }] });
    const area = result.areas[0]!;
    expect(area.heatedAreaM2).toBe(10);
    expect(area).toMatchObject({ heatedFraction: 0.874, wholeAreaDensityWm2: 382.4 });
    expect(area.cable!.products.map((p) => p.sku)).toEqual(['MW-CBL-300', 'MW-CBL-050']);
    expect(area.cable!.lengthM).toBe(106.6);
    expect(area.cable!.spacingMm).toBe(93.8);
    expect(area.watts).toBe(4375);
    expect(area.densityWm2).toBe(437.5);
    expect(area.notes.map((n) => n.text)).toContain(
      'Cable spacing s = 41 W/m ÷ 400.4 W/m² = 102.4 mm, where 400.4 W/m² = 350 W/m² × 11.44 m² (the whole area) ÷ 10 m² (heated), kept within 25-102 mm: 102 mm; needed length = 10 m² ÷ 102 mm = 98 m',
    );
  });

  it('lays cable at 76 mm (3 in) for a denser design', () => {
    // 470 W/m² over the whole 11.44 m² is 470 × 11.44 / 10 = 537.7 W/m² over the 10 m² heated.
    // s = 41.012 / 537.7 = 76.3 mm (3 in); needed = 10 / 0.0763 = 131.1 m; window [131.1, 146.3] m:
    // 400 ft + 50 ft = 121.9 + 15.2 = 137.1 m (two reels; the 600 ft reel, 182.9 m, would give 750 W/m²).
    // Actual spacing = 10 / 137.1 = 72.9 mm; watts = 5000 + 625 = 5625 W; density = 562.5 W/m² where heated,
    // 5625 / 11.44 = 491.7 W/m² over the whole area.
    const result = design({ classDensityWm2: 470, snowFreeRatio: 0, voltage: 240, system: 'cable', areas: [{ name: 'Walk', widthM: 2.2, lengthM: 5.2 }] });
    const cable = result.areas[0]!.cable!;
    expect(cable.products.map((p) => p.sku)).toEqual(['MW-CBL-400', 'MW-CBL-050']);
    expect(cable.lengthM).toBe(137.1);
    expect(cable.spacingMm).toBe(72.9);
    expect(result.areas[0]!.densityWm2).toBe(562.5);
    expect(result.areas[0]!.wholeAreaDensityWm2).toBe(491.7);
  });

  it('matches the facts sheet: 100 ft² at 3 in needs 400 ft of cable', () => {
    // Area 1.2 m × 9.49 m = 11.388 m²: heated 1.0 × 9.29 = 9.29 m² (100 ft²). 439 W/m² over the whole area is
    // 439 × 11.388 / 9.29 = 538.1 W/m² where heated: s = 41.012 / 538.1 = 76.2 mm (3 in);
    // needed = 9.29 / 0.0762 = 121.9 m: one 400 ft reel (121.9 m), 5000 W; density = 5000 / 9.29 = 538.2 W/m²
    // where heated, 5000 / 11.388 = 439.1 W/m² over the whole area.
    const result = design({ classDensityWm2: 439, snowFreeRatio: 0, voltage: 240, system: 'cable', areas: [{ name: 'Path', widthM: 1.2, lengthM: 9.49 }] });
    const area = result.areas[0]!;
    expect(area.cable!.products.map((p) => p.sku)).toEqual(['MW-CBL-400']);
    expect(area.densityWm2).toBe(538.2);
    expect(area.wholeAreaDensityWm2).toBe(439.1);
    expect(area.cable!.spacingMm).toBe(76.2);
  });

  it('draws the serpentine of a rectangle exactly: runs 100 mm from the edges at the actual spacing', () => {
    const result = design({ classDensityWm2: 350, snowFreeRatio: 0, voltage: 240, system: 'cable', areas: [{ name: 'Walk', widthM: 2.2, lengthM: 5.2 }] });
    const { path, spacingMm } = result.areas[0]!.cable!;
    // Runs along y (the longer side), across x from 0.1 to 2.1 m: round(2.0 / 0.0938) = 21 runs, 2.0 / 21 apart.
    const xs = [...new Set(path.map((p) => p[0]))];
    expect(xs).toHaveLength(21);
    expect(Math.min(...xs)).toBeCloseTo(0.1 + 2 / 21 / 2, 3);
    expect(path.every(([, y]) => y === 0.1 || y === 5.1)).toBe(true);
    expect(spacingMm).toBe(93.8);
  });
});

describe('re-rating at another voltage', () => {
  it('moves a mat rated 240/277 V from 240 V to 277 V onto a larger breaker', () => {
    // The 0.6 × 15.2 m mat: 3700 W at 240 V, I = 3700 / 240 = 15.42 A ≤ 0.8 × 20 = 16 A → 20 A breaker.
    // At 277 V: P = 3700 × (277/240)² = 3700 × 1.33210 = 4928.77 W; I = 4928.77 / 277 = 17.79 A > 16 A
    // → 30 A breaker (0.8 × 30 = 24 A). A 240 V breaker size must not be reused at 277 V.
    const input = (voltage: 240 | 277): DesignInputType => ({ classDensityWm2: 300, snowFreeRatio: 0, voltage, system: 'mat', areas: [{ name: 'Strip', widthM: 0.6, lengthM: 15.2 }] });
    const at240 = design(input(240), DUAL_RATED_CATALOGUE);
    const at277 = design(input(277), DUAL_RATED_CATALOGUE);
    expect(at240.areas[0]!.mats.map((m) => m.sku)).toEqual(['MW-MAT-06152']);
    expect(at240.circuits).toMatchObject([{ watts: 3700, loadAmps: 15.42, breakerAmps: 20, maxLoadAmps: 16 }]);
    expect(at277.circuits).toMatchObject([{ watts: 4928.77, loadAmps: 17.79, breakerAmps: 30, maxLoadAmps: 24 }]);
    expect(at277.bom.find((l) => l.role === 'breaker')!.sku).toBe('TP-GFEP-30');
    // Density over the mat: 3700 / (0.6 × 15.2 = 9.12 m²) = 405.7 W/m² at 240 V; 4928.77 / 9.12 = 540.4 W/m² at 277 V.
    expect(at240.areas[0]!.densityWm2).toBe(405.7);
    expect(at277.areas[0]!.densityWm2).toBe(540.4);
  });

  it('refuses 277 V with a 240 V-only catalogue on `voltage`, naming the ratings there are', () => {
    // 240/277 V mats from 240 V figures: 277 V is their rating, 1.33 × the power. 240 V-only mats at 277 V would run
    // above their rating, which a heater never does: the design is refused, not re-rated.
    const input: DesignInputType = { classDensityWm2: 300, snowFreeRatio: 0, voltage: 277, areas: [{ name: 'A', widthM: 3, lengthM: 6 }] };
    expect(refusal(input)).toEqual({
      path: ['voltage'],
      key: 'voltageUnsupported',
      message: 'No mat or cable in the catalogue is rated for 277 V: their ratings are 240 V, and a heater runs at its rating or below it (down to 80% of it), never above',
    });
    expect(design(input, DUAL_RATED_CATALOGUE).totals.watts).toBeGreaterThan(0);
  });

  it('re-rates a 240 V mat at 208 V', () => {
    // The 0.6 × 15.2 m mat: 3700 W at 240 V; at 208 V: 3700 × (208/240)² = 3700 × 0.751111 = 2779.11 W, I = 2779.11 / 208 = 13.36 A.
    const result = design({ classDensityWm2: 250, snowFreeRatio: 0, voltage: 208, system: 'mat', areas: [{ name: 'Strip', widthM: 0.6, lengthM: 15.2 }] });
    expect(result.areas[0]!.mats.map((m) => m.sku)).toEqual(['MW-MAT-06152']);
    expect(result.circuits).toMatchObject([{ watts: 2779.11, loadAmps: 13.36, breakerAmps: 20 }]);
  });

  it('refuses a voltage no mat or cable of the catalogue is rated for, and never recommends one', () => {
    // 240 V-only heaters serve 0.8 × 240 = 192 V up to 240 V: 208 and 240 V, not 120, 277 or 347 V.
    const small = { classDensityWm2: 400, snowFreeRatio: 0, areas: [{ name: 'A', widthM: 3, lengthM: 6 }] } as const;
    for (const voltage of [120, 277, 347] as const) expect(refusal({ ...small, voltage })).toMatchObject({ path: ['voltage'], key: 'voltageUnsupported' });
    const voltages = design({ ...small, voltage: 240 }).recommendations.filter((r) => r.topic === 'voltage');
    expect(voltages.map((r) => [r.params.voltage, r.code])).toEqual([
      [120, 'recVoltageUnsupported'],
      [208, 'recVoltage'],
      [277, 'recVoltageUnsupported'],
      [347, 'recVoltageUnsupported'],
    ]);
    expect(voltages.find((r) => r.params.voltage === 277)!.text).toBe('At 277 V no mat or cable of the catalogue qualifies: their ratings are 240 V, and a heater runs at its rating or below it (down to 80% of it), never above');
    // Rated 240/277 V, the same mats are offered at 277 V.
    const dual = design({ ...small, voltage: 240 }, DUAL_RATED_CATALOGUE).recommendations.filter((r) => r.topic === 'voltage');
    expect(dual.find((r) => r.params.voltage === 277)!.code).toBe('recVoltage');
    expect(dual.find((r) => r.params.voltage === 120)!.params.ratings).toBe('240, 277');
  });

  it('refuses a catalogue without any rated mat or cable on `voltage`', () => {
    const unrated = DEMO_CATALOGUE.map((p) => ({ ...p, voltages: [] }));
    expect(refusal({ classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, areas: [{ name: 'A', widthM: 3, lengthM: 6 }] }, unrated)).toMatchObject({ path: ['voltage'], key: 'heatersMissing' });
  });
});

describe('circuits', () => {
  // Four units of 2400 W at 240 V: 2400 / 240 = 10 A each, 9,600 W and 40 A in all.
  const unit = (n: number): { unit: string; area: string; heater: Heater } => ({
    unit: `A1-M${n}`,
    area: 'Driveway',
    heater: heaterAt({ ...DEMO_CATALOGUE[0]!, id: `00000000-0000-4000-8000-1000000000${n}0`, sku: `MAT-${n}`, watts: 2400 }, 240)!,
  });
  const units = [1, 2, 3, 4].map(unit);

  it('splits 9,600 W at 240 V over circuits that respect 80% with the demo breakers (20, 30, 40 A)', () => {
    // Largest breaker 40 A: a circuit carries at most 0.8 × 40 = 32 A. First fit decreasing: 10 + 10 + 10 = 30 A
    // (a fourth would make 40 A > 32 A), then 10 A. Breakers: 30 A needs 30 / 0.8 = 37.5 → 40 A; 10 A needs 12.5 → 20 A.
    const plan = planCircuits(units, 240, [20, 30, 40], 30);
    expect(plan.circuits.map((c) => [c.loadAmps, c.watts, c.breakerAmps, c.maxLoadAmps])).toEqual([
      [30, 7200, 40, 32],
      [10, 2400, 20, 16],
    ]);
    // The 30 A relay carries the first circuit (30 A); the second (30 + 10 = 40 A > 30 A) needs a contactor.
    expect(plan.circuits.map((c) => c.contactor)).toEqual([false, true]);
    expect(plan.circuits.every((c) => c.gfep && c.loadAmps <= 0.8 * c.breakerAmps)).toBe(true);
  });

  it('puts the same 9,600 W on one 50 A circuit when 50 A breakers exist', () => {
    // 0.8 × 50 = 40 A: 4 × 10 A = 40 A fits one circuit exactly at 80%; 40 A > 30 A relay → contactor.
    const plan = planCircuits(units, 240, [20, 30, 40, 50], 30);
    expect(plan.circuits.map((c) => [c.loadAmps, c.breakerAmps, c.maxLoadAmps, c.contactor])).toEqual([[40, 50, 40, true]]);
  });

  it('never splits a unit, and lists every unit by its name', () => {
    const plan = planCircuits(units, 240, [20, 30, 40], 30);
    expect(plan.circuits.flatMap((c) => c.products.map((p) => p.unit)).sort()).toEqual(['A1-M1', 'A1-M2', 'A1-M3', 'A1-M4']);
  });

  it('adds contactor panels, one per two circuits beyond the relay, from the catalogue', () => {
    // 4 × 2 × 15.2 m mats at 240 V: 8 × 15.42 A = 123.3 A → 4 circuits of 30.8 A (2 mats each, 40 A breakers);
    // the first is on the 30 A relay? 30.8 A > 30 A: no, all 4 go through contactors → 2 panels.
    const result = design({ classDensityWm2: 300, snowFreeRatio: 0, voltage: 240, system: 'mat', control: 'aerial', areas: [{ name: 'Drive', widthM: 4.8, lengthM: 15.2 }] });
    expect(result.circuits).toHaveLength(4);
    expect(result.circuits.every((c) => c.contactor && c.loadAmps === 30.84 && c.breakerAmps === 40)).toBe(true);
    expect(result.bom.find((l) => l.role === 'contactor')).toMatchObject({ sku: 'MW-CTL-CP60', quantity: 2 });
    expect(result.checks.find((c) => c.ruleCode === 'ruleContactor')).toMatchObject({ passed: true, code: 'checkContactor', params: { circuits: 4, relay: 30, panels: 2 } });
  });
});

describe('the density limit', () => {
  it('refuses a design that would exceed 1,300 W/m²', () => {
    // Storm: 6 mm/h, −20 °C, wind 10 m/s, 80% (over water), A_r = 1, a 2 × 10 m ramp: L = 2 m, its shorter side.
    // q_s = 1000 × 6 × [2100 × 20 + 4220 × 0.5] / 3.6e6 = 73.5; q_m = 1000 × 6 × 334000 / 3.6e6 = 556.7;
    // h_c = 0.037 × (0.0233/2) × (10 × 2 / 1.24e-5)^0.8 × 0.72^(1/3) = 35.6 W/(m²·K): q_h = 807.3, q_e = 325.8;
    // q_o = 73.5 + 556.7 + 1 × (325.8 + 807.3) = 1763.3; design = 1763.3 × 1.2 = 2116 W/m² > 1,300 W/m²: refused,
    // naming the area.
    const storm = { snowfallMmPerHour: 6, airTempC: -20, windMs: 10, humidityPct: 80 };
    const refused = refusal({ weather: storm, snowFreeRatio: 1, voltage: 240, areas: [{ name: 'Ramp', widthM: 2, lengthM: 10 }] });
    expect(refused).toMatchObject({ path: ['areas', 0], key: 'densityOverLimit' });
    expect(refused.message).toBe('This design would put 2,116 W/m² into Ramp: the limit is 1,300 W/m²');
  });

  it('keeps a cable at 1,300 W/m² or less when the design density is close to it', () => {
    // 1,300 W/m² needs s = 41.012 / 1300 = 31.5 mm; the reels are then chosen under that limit.
    const result = design({ classDensityWm2: 1290, snowFreeRatio: 1, voltage: 240, system: 'cable', areas: [{ name: 'Stairs', widthM: 1.2, lengthM: 3.2 }] });
    expect(result.areas[0]!.densityWm2).toBeLessThanOrEqual(1300);
    expect(result.areas[0]!.cable!.spacingMm).toBeGreaterThanOrEqual(31.5);
  });
});

describe('density over the whole area', () => {
  const driveway = { name: 'Driveway', widthM: 6, lengthM: 10 };

  it('judges a 6 × 10 m driveway of mats on its whole area, and says by how much it falls short', () => {
    // Strips along the 6 m width: 10 / 0.6 = 16 strips (9.6 m), each 3.0 + 3.0 m = 6.0 m: 32 mats of 740 W = 23,680 W.
    // (Along the 10 m length: 10 strips of 4.6 + 4.6 = 9.2 m, 20 × 1110 = 22,200 W: less.)
    // Covered 16 × 0.6 × 6 = 57.6 m² of 60 m² = 96%: 23,680 / 57.6 = 411.1 W/m² of mat, but
    // 23,680 / 60 = 394.7 W/m² over the whole area, 400 − 394.7 = 5.3 W/m² short of the design.
    const result = design({ classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, system: 'mat', areas: [driveway] });
    const area = result.areas[0]!;
    expect(area).toMatchObject({ system: 'mat', coveragePct: 96, heatedFraction: 0.96, densityWm2: 411.1, wholeAreaDensityWm2: 394.7, watts: 23680 });
    expect(area.mats).toHaveLength(32);
    expect(result.checks.find((c) => c.ruleCode === 'ruleDesignDensity')).toMatchObject({
      passed: false,
      code: 'checkDesignDensityWholeShort',
      params: { area: 'Driveway', whole: 394.7, short: 5.3, design: 400, fraction: 96, density: 411.1 },
      detail: 'Driveway: 394.7 W/m² over the whole area, 5.3 W/m² short of the design density of 400 W/m² (96% heated, at 411.1 W/m²)',
    });
    expect(area.notes.map((n) => n.code)).toContain('areaWholeShort');
  });

  it('lays cable where no mat layout reaches the design over the whole area', () => {
    // The mats would give 394.7 W/m² over the whole area (above): automatic chooses cable.
    // Heated (6 − 0.2) × (10 − 0.2) = 56.84 m²; it must get 400 × 60 / 56.84 = 422.2 W/m²: s = 41.012 / 422.2 = 97.1 mm,
    // needed 56.84 / 0.0971 = 585.2 m: 600 + 600 + 400 + 300 + 50 ft = 182.9 × 2 + 121.9 + 91.4 + 15.2 = 594.3 m,
    // 7500 × 2 + 5000 + 3750 + 625 = 24,375 W: 24,375 / 60 = 406.3 W/m² over the whole area (428.8 where heated).
    const result = design({ classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, areas: [driveway] });
    const area = result.areas[0]!;
    expect(result.recommendations[0]).toMatchObject({ code: 'areaAutoCableWhole', params: { whole: 394.7, matDensity: 411.1, coverage: 96, design: 400 } });
    expect(area).toMatchObject({ system: 'cable', heatedAreaM2: 56.84, watts: 24375, densityWm2: 428.8, wholeAreaDensityWm2: 406.3, heatedFraction: 0.947 });
    expect(area.cable!.lengthM).toBe(594.3);
    expect(result.checks.find((c) => c.ruleCode === 'ruleDesignDensity')).toMatchObject({ passed: true, code: 'checkDesignDensityWhole', params: { whole: 406.3 } });
  });
});

describe('a heat balance for each area', () => {
  // A_r = 1 at −6.7 °C, 2 mm/h, 5 m/s, 80% (heat-flux.test.ts): L = 3 m gives 558.2 W/m², L = 12 m 488.0 W/m².
  const weather = { snowfallMmPerHour: 2, airTempC: -6.7, windMs: 5, humidityPct: 80 };

  it("rates a narrow slab above a square at A_r = 1, each at its own shorter side, the result at the governing area's", () => {
    const result = design({ weather, snowFreeRatio: 1, voltage: 240, areas: [{ name: 'Walk', widthM: 3, lengthM: 12 }, { name: 'Square', widthM: 12, lengthM: 12 }] });
    expect(result.areas.map((a) => a.heatFlux!.designWm2)).toEqual([558.2, 488]);
    expect(result.heatFlux.designWm2).toBe(558.2);
    expect(result.heatFlux.weatherFrom).toBe('typed');
    // Each area is laid for its own design and judged against it.
    for (const area of result.areas) {
      const check = result.checks.find((c) => c.ruleCode === 'ruleDesignDensity' && c.params.area === area.name)!;
      expect(check.params.design).toBe(area.heatFlux!.designWm2);
      expect(check.passed).toBe(true);
    }
    expect(result.areas[0]!.notes.find((n) => n.code === 'areaHeatBalance')!.text).toBe(
      'Walk: its own heat balance, with L = 3 m, its shorter side or, drawn, its mean width where less (at least 1 m, the safer length): q_e = 107.6 W/m², q_h = 163 W/m²; design density 558.2 W/m²',
    );
  });

  it('says the weather is none when the class density is used', () => {
    const result = design({ classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, areas: [{ name: 'A', widthM: 3, lengthM: 6 }] });
    expect(result.heatFlux).toMatchObject({ method: 'class-density', weatherFrom: 'none' });
    expect(result.areas[0]!.notes.some((n) => n.code === 'areaHeatBalance')).toBe(false);
  });
});

describe('input only the engine can judge', () => {
  const area = { name: 'A', widthM: 3, lengthM: 6 };
  const base = { classDensityWm2: 400, snowFreeRatio: 0, voltage: 240 as const };

  it('names the field of each refusal', () => {
    expect(refusal({ ...base, city: 'atlantis-zz', areas: [area] })).toMatchObject({ path: ['city'], key: 'cityUnknown' });
    expect(refusal({ snowFreeRatio: 0, voltage: 240, city: 'ottawa-on', areas: [area] })).toMatchObject({
      path: ['weather'],
      key: 'weatherRequired',
      message: 'No public source gives the design weather for Ottawa: enter it or choose a class density',
    });
    const bowTie: [number, number][] = [
      [0, 0],
      [4, 4],
      [4, 0],
      [0, 4],
    ];
    expect(refusal({ ...base, areas: [area, { name: 'Bow', polygon: bowTie }] })).toMatchObject({ path: ['areas', 1, 'polygon'], key: 'polygonInvalid' });
    const flat: [number, number][] = [
      [0, 0],
      [2, 0],
      [4, 0],
    ];
    expect(refusal({ ...base, areas: [{ name: 'Flat', polygon: flat }] })).toMatchObject({ path: ['areas', 0, 'polygon'], key: 'polygonInvalid' });
    expect(refusal({ ...base, areas: [{ name: 'Lot', widthM: 100, lengthM: 60 }] })).toMatchObject({ path: ['areas', 0], key: 'areaTooLarge' });
    // Two areas of 40 × 30 = 1,200 m² each: 2,400 m² in all, over the project's 2,000 m².
    const lot = { name: 'Lot', widthM: 40, lengthM: 30 };
    expect(refusal({ ...base, areas: [lot, { ...lot, name: 'Lot 2' }] })).toMatchObject({ path: ['areas'], key: 'projectTooLarge' });
    expect(refusal({ ...base, areas: [{ ...area, exclusions: [{ kind: 'drain', x: 2.9, y: 1, widthM: 0.3, lengthM: 0.3 }] }] })).toMatchObject({
      path: ['areas', 0, 'exclusions', 0],
      key: 'exclusionInvalid',
    });
    expect(refusal({ ...base, system: 'cable', areas: [{ name: 'Tiny', widthM: 0.3, lengthM: 0.3 }] })).toMatchObject({
      path: ['areas', 0],
      key: 'noProductFits',
      message: 'No cable in the catalogue fits Tiny at 240 V',
    });
    expect(refusal({ ...base, system: 'mat', areas: [area, { name: 'Narrow', widthM: 0.5, lengthM: 3 }] })).toMatchObject({ path: ['areas', 1], key: 'noProductFits' });
  });

  it('designs without an electricity price and says it is unknown', () => {
    const result = design({ ...base, city: 'buffalo-ny', areas: [area] });
    expect(result.runningCost).toMatchObject({ province: 'NY', priceKnown: false, centsPerKwh: null, priceSource: '' });
    expect(result.runningCost.controls.every((c) => c.average.costCentsMin === null && c.average.costCentsMax === null && c.average.kwhMax > 0)).toBe(true);
    expect(result.explanation.at(-1)!.code).toBe('stepRunningCostUnknown');
    // Buffalo has no NBC 2020 row: the 80 h and 200 h unscaled, and said so; no controller note.
    expect(result.runningCost).toMatchObject({ seasons: { light: 80, average: 200 }, seasonBasis: null });
    expect(result.explanation.at(-2)).toMatchObject({ code: 'stepSeasonHoursUnscaled', params: { city: 'Buffalo' } });
    expect(result.explanation.some((s) => s.code === 'stepControllerCold')).toBe(false);
    expect(result.recommendations.find((r) => r.topic === 'control')).toMatchObject({ code: 'recControlNoPrice' });
    expect(result.recommendations.find((r) => r.topic === 'control')!.params).not.toHaveProperty('averageCents');
    expect(() => DesignResult.parse(result)).not.toThrow();
    const typed = design({ ...base, city: 'buffalo-ny', electricityCentsPerKwh: 20, areas: [area] });
    expect(typed.runningCost).toMatchObject({ priceKnown: true, centsPerKwh: 20 });
  });
});

describe('the climate of a city', () => {
  const site = { classDensityWm2: 400, snowFreeRatio: 0, voltage: 240, province: 'ON', electricityCentsPerKwh: 15, areas: [{ name: 'Driveway', widthM: 3, lengthM: 12 }] } satisfies DesignInputType;
  const storm = { snowfallMmPerHour: 2, airTempC: -6, windMs: 5, humidityPct: 80 };
  /** What the NBC 2020 climate may change: the season hours (and so the kWh, costs, the controller's cost) and its steps. */
  const CLIMATE_STEPS = new Set(['stepSeasonHoursCity', 'stepRunningCost', 'stepControllerCold']);
  const climateFree = (r: ReturnType<typeof design>) => ({
    ...r,
    runningCost: { ...r.runningCost, seasons: null, seasonBasis: null, controls: null },
    recommendations: r.recommendations.filter((x) => x.topic !== 'control'),
    explanation: r.explanation.filter((s) => !CLIMATE_STEPS.has(s.code)),
  });

  it('changes between Vancouver and Yellowknife only the running-cost hours and the controller note, never the design', () => {
    for (const input of [site, { ...site, classDensityWm2: undefined, weather: storm }]) {
      const vancouver = design({ ...input, city: 'vancouver-bc' });
      const yellowknife = design({ ...input, city: 'yellowknife-nt' });
      // The same design flux, mats, circuits and bill of materials: the climate figures never enter the heat balance.
      expect(yellowknife.heatFlux).toEqual(vancouver.heatFlux);
      expect(yellowknife.areas).toEqual(vancouver.areas);
      expect(climateFree(yellowknife)).toEqual(climateFree(vancouver));
      // Vancouver 1,400 − 1,325 = 75 mm, Yellowknife 275 − 175 = 100 mm, against 150 mm.
      expect(vancouver.runningCost.seasons).toEqual({ light: 40, average: 100 });
      expect(yellowknife.runningCost.seasons).toEqual({ light: 53, average: 133 });
      const cold = (r: typeof vancouver) => r.explanation.find((s) => s.code === 'stepControllerCold')!;
      expect(cold(vancouver).params).toMatchObject({ city: 'Vancouver', jan25: -7, jan1: -9 });
      expect(cold(yellowknife).params).toMatchObject({ city: 'Yellowknife', jan25: -41, jan1: -44 });
      expect(cold(yellowknife).text).toContain('-41 °C (2.5%) and -44 °C (1%)');
    }
  });

  it('shows the estimate of the hours with its formula and numbers, and says the reference is an assumption', () => {
    const step = design({ ...site, city: 'vancouver-bc' }).explanation.find((s) => s.code === 'stepSeasonHoursCity')!;
    expect(step.text).toContain('an estimate for Vancouver: 80 h × 75 mm ÷ 150 mm = 40 h (light season) and 200 h × 75 mm ÷ 150 mm = 100 h (average season)');
    expect(step.text).toContain('total 1,400 mm − rain 1,325 mm');
    expect(step.text).toContain('is our assumption');
    expect(step.text).toContain('Table C-2');
  });

  it('gives no climate figure without a city, and scales nothing', () => {
    const result = design(site);
    expect(result.runningCost).toMatchObject({ seasons: { light: 80, average: 200 }, seasonBasis: null });
    expect(result.explanation.find((s) => s.code === 'stepSeasonHoursUnscaled')!.params).toEqual({ city: 'this site' });
    expect(result.explanation.some((s) => s.code === 'stepControllerCold')).toBe(false);
  });
});

describe('a two-area driveway in Ottawa', () => {
  const input: DesignInputType = {
    city: 'ottawa-on',
    classDensityWm2: 400,
    snowFreeRatio: 0,
    voltage: 240,
    areas: [
      { name: 'Driveway', widthM: 3, lengthM: 12 },
      { name: 'Walkway', widthM: 1.2, lengthM: 8, exclusions: [{ kind: 'drain', x: 0.45, y: 3.8, widthM: 0.3, lengthM: 0.3 }] },
    ],
  };

  it('answers in the shape of the contract', () => {
    expect(() => DesignResult.parse(design(input))).not.toThrow();
  });

  it('designs it the same way every time', () => {
    expect(design(input)).toEqual(design(input));
    expect(design(input, [...DEMO_CATALOGUE].reverse())).toEqual(design(input));
  });

  it('chooses mats where they reach the density and cover the area, cable elsewhere, and says why', () => {
    const result = design(input);
    // Mats: 0.6 × 3.0 m, 740 W / 1.8 m² = 411.1 W/m² ≥ 400 and 100% of the 3 × 12 m driveway.
    expect(result.areas[0]).toMatchObject({ system: 'mat', coveragePct: 100, densityWm2: 411.1 });
    expect(result.recommendations[0]).toMatchObject({ topic: 'system', code: 'areaAutoMatWhole', params: { area: 'Driveway', matDensity: 411.1, whole: 411.1, coverage: 100 } });
    // The walkway's drain, grown by its 100 mm clearance, spans y 3.7 to 4.2 m across both 0.6 m strips: each strip
    // holds a 3.0 m mat below it (3.7 m free) and one above (3.8 m free): 4 × 1.8 = 7.2 m² of 1.2 × 8 = 9.6 m² = 75% < 80%.
    expect(result.areas[1]!.system).toBe('cable');
    // Over the whole walkway, 9.6 − 0.09 = 9.51 m² net of the drain, they would give 4 × 740 / 9.51 = 311.3 W/m².
    expect(result.recommendations[1]).toMatchObject({ topic: 'system', code: 'areaAutoCableWhole', params: { area: 'Walkway', coverage: 75, whole: 311.3 } });
    // The cable's runs are split by the drain: the drawing has pieces, and no run crosses the clearance.
    expect(result.areas[1]!.cable!.breaks!.length).toBeGreaterThan(0);
    expect(result.checks.find((c) => c.code === 'checkClearanceCable')!.passed).toBe(true);
  });

  it('prices the bill of materials from the catalogue and totals its lines', () => {
    const result = design(input);
    for (const line of result.bom) {
      const product = DEMO_CATALOGUE.find((p) => p.id === line.productId)!;
      expect(line.unitPriceCents).toBe(product.priceCents);
      expect(line.lineTotalCents).toBe(line.quantity * line.unitPriceCents);
    }
    expect(result.totals.priceCents).toBe(result.bom.reduce((s, l) => s + l.lineTotalCents, 0));
    expect(result.bom.find((l) => l.role === 'sign')!.quantity).toBe(2);
    expect(result.bom.find((l) => l.role === 'junction-box')!.quantity).toBe(2);
    expect(result.bom.filter((l) => l.role === 'breaker').reduce((s, l) => s + l.quantity, 0)).toBe(result.circuits.length);
  });

  it('costs the running at the Ontario price for each control', () => {
    const result = design(input);
    // Ontario: 14-19 ¢/kWh → midpoint 16.5 ¢. kW = total watts / 1000 (to 0.01 kW); an average season is 200 h on a sensor.
    const kw = Math.round(result.totals.watts / 10) / 100;
    const aerial = result.runningCost.controls.find((c) => c.control === 'aerial')!;
    expect(result.runningCost.centsPerKwh).toBe(16.5);
    expect(aerial.average.costCentsMax).toBe(Math.round(Math.round(kw * 200 * 100) / 100 * 16.5));
    const ambient = result.runningCost.controls.find((c) => c.control === 'ambient')!;
    expect([ambient.factorMin, ambient.factorMax]).toEqual([2, 10]);
    expect(ambient.light.hoursMax).toBe(800);
  });

  it('recommends the controller by class: any, then an automatic sensor, then the in-pavement sensor', () => {
    const control = (snowFreeRatio: number, classDensityWm2: number) =>
      design({ ...input, snowFreeRatio, classDensityWm2 }).recommendations.find((r) => r.topic === 'control')!.params.control;
    // Sensors run 1× the snow hours (manual 1-2×, ambient 2-10×); aerial and in-pavement tie, the aerial set is cheaper.
    expect(control(0, 400)).toBe('aerial');
    expect(control(0.5, 500)).toBe('aerial');
    expect(control(1, 650)).toBe('pavement');
  });

  it('says what another class would change', () => {
    const result = design(input);
    const classes = result.recommendations.filter((r) => r.topic === 'class');
    expect(classes.map((r) => [r.params.class, r.params.design])).toEqual([
      ['commercial', 500],
      ['critical', 650],
    ]);
  });

  it('passes every check', () => {
    const result = design(input, CATALOGUE_WITH_50A);
    expect(result.checks.filter((c) => !c.passed)).toEqual([]);
  });
});
