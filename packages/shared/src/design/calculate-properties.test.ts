import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateDesign, DesignInputError } from './calculate.js';
import { DesignInput, MAX_DENSITY_WM2, type DesignInput as DesignInputType, type DesignProduct, type Point } from './design.schema.js';
import { boxInPolygon } from './geometry.js';
import { CATALOGUE_WITH_50A, DEMO_CATALOGUE, DUAL_RATED_CATALOGUE } from './test/catalogue.js';

const mm = (n: number) => Math.round(n * 1000) / 1000;

const rectangle = fc
  .record({ widthM: fc.double({ min: 0.3, max: 25, noNaN: true }), lengthM: fc.double({ min: 0.3, max: 25, noNaN: true }), drain: fc.option(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))) })
  .map(({ widthM, lengthM, drain }) => {
    const [w, l] = [mm(widthM), mm(lengthM)];
    // A 0.2 m drain somewhere inside, when the area can hold it.
    const exclusions = drain && w > 0.3 && l > 0.3 ? [{ kind: 'drain' as const, x: mm(drain[0] * (w - 0.2)), y: mm(drain[1] * (l - 0.2)), widthM: 0.2, lengthM: 0.2 }] : [];
    return { name: 'Rectangle', widthM: w, lengthM: l, exclusions };
  });

// A star-shaped polygon: corners at increasing angles around a centre, no gap between two angles reaching π, so
// its sides never cross.
const polygon = fc
  .record({
    corners: fc.array(fc.tuple(fc.double({ min: 0, max: 0.4, noNaN: true }), fc.double({ min: 0.8, max: 10, noNaN: true })), { minLength: 3, maxLength: 9 }),
    cx: fc.double({ min: -5, max: 20, noNaN: true }),
    cy: fc.double({ min: -5, max: 20, noNaN: true }),
  })
  .map(({ corners, cx, cy }) => ({
    name: 'Shape',
    polygon: corners.map(([jitter, r], i): Point => {
      const angle = (2 * Math.PI * (i + jitter)) / corners.length;
      return [mm(cx + r * Math.cos(angle)), mm(cy + r * Math.sin(angle))];
    }),
  }));

const weather = fc.record({
  snowfallMmPerHour: fc.double({ min: 0, max: 8, noNaN: true }),
  airTempC: fc.double({ min: -30, max: 2, noNaN: true }),
  windMs: fc.double({ min: 0, max: 15, noNaN: true }),
  humidityPct: fc.double({ min: 30, max: 100, noNaN: true }),
});

const input: fc.Arbitrary<DesignInputType> = fc.record(
  {
    areas: fc.array(fc.oneof(rectangle, polygon), { minLength: 1, maxLength: 3 }),
    voltage: fc.constantFrom(120, 208, 240, 277, 347),
    snowFreeRatio: fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true })),
    classDensityWm2: fc.integer({ min: 100, max: 1300 }),
    weather,
    system: fc.constantFrom('mat', 'cable', 'auto'),
    control: fc.constantFrom('manual', 'ambient', 'aerial', 'pavement'),
    city: fc.constantFrom('ottawa-on', 'calgary-ab', 'montreal-qc', 'denver-co', 'iqaluit-nu'),
  },
  { requiredKeys: ['areas', 'voltage', 'snowFreeRatio', 'classDensityWm2'] },
) as fc.Arbitrary<DesignInputType>;

const REFUSALS = new Set(['voltageUnsupported', 'noProductFits', 'densityOverLimit']);

/** Whether some heater of the catalogue is rated for `voltage` or above it, within 80% of its lowest rating. */
const served = (catalogue: DesignProduct[], voltage: number) =>
  catalogue.some((p) => (p.kind === 'mat' || p.kind === 'cable') && p.voltages.length > 0 && voltage <= Math.max(...p.voltages) && voltage >= 0.8 * Math.min(...p.voltages));

function check(raw: DesignInputType, catalogue: DesignProduct[]) {
  const parsed = DesignInput.parse(raw);
  let result;
  try {
    result = calculateDesign(parsed, catalogue);
  } catch (error) {
    // Only what the input makes impossible: a voltage no heater is rated for (with 240 V-only heaters: 120, 277
    // and 347 V, exactly), an area no product fits, a design over 1,300 W/m².
    if (!(error instanceof DesignInputError)) throw error;
    expect(REFUSALS.has(error.messageKey), error.message).toBe(true);
    expect(error.messageKey === 'voltageUnsupported').toBe(!served(catalogue, parsed.voltage));
    return;
  }
  expect(served(catalogue, parsed.voltage)).toBe(true);
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  // No mat or reel runs above the highest voltage it is rated for.
  for (const c of result.circuits) for (const u of c.products) expect(Math.max(...byId.get(u.productId)!.voltages)).toBeGreaterThanOrEqual(parsed.voltage);

  // No circuit above 80% of its breaker; a 30 mA GFEP breaker on each, and in the bill of materials.
  for (const c of result.circuits) {
    expect(c.loadAmps).toBeLessThanOrEqual(0.8 * c.breakerAmps + 1e-9);
    expect(c.gfep).toBe(true);
    expect(Math.abs(c.loadAmps - c.products.reduce((s, p) => s + p.amps, 0))).toBeLessThan(0.011);
  }
  const breakerLines = result.bom.filter((l) => l.role === 'breaker');
  expect(breakerLines.reduce((s, l) => s + l.quantity, 0)).toBe(result.circuits.length);
  for (const l of breakerLines) expect(l.quantity).toBe(result.circuits.filter((c) => c.breakerAmps === byId.get(l.productId)!.currentA).length);

  // Every mat and reel whole, from the catalogue, on exactly one circuit.
  const units = result.areas.flatMap((a) => [...a.mats.map((m) => m.productId), ...(a.cable?.products.map((p) => p.productId) ?? [])]);
  expect(result.circuits.flatMap((c) => c.products).length).toBe(units.length);
  for (const area of result.areas) {
    for (const m of area.mats) {
      const p = byId.get(m.productId)!;
      expect(p.kind).toBe('mat');
      expect([m.widthM, m.lengthM].sort()).toEqual([p.widthM, p.lengthM].sort());
      expect(boxInPolygon(area.polygon, { minX: m.x + 1e-6, minY: m.y + 1e-6, maxX: m.x + m.widthM - 1e-6, maxY: m.y + m.lengthM - 1e-6 })).toBe(true);
    }
    for (let i = 0; i < area.mats.length; i++) {
      for (let j = i + 1; j < area.mats.length; j++) {
        const [a, b] = [area.mats[i]!, area.mats[j]!];
        const overlap = a.x < b.x + b.widthM - 1e-6 && b.x < a.x + a.widthM - 1e-6 && a.y < b.y + b.lengthM - 1e-6 && b.y < a.y + a.lengthM - 1e-6;
        expect(overlap).toBe(false);
      }
    }
    for (const c of area.cable?.products ?? []) {
      const p = byId.get(c.productId)!;
      expect(p.kind).toBe('cable');
      expect(c.lengthM).toBe(p.lengthM);
    }
    if (area.cable) {
      expect(area.cable.spacingMm).toBeGreaterThanOrEqual(25);
      expect(area.cable.spacingMm).toBeLessThanOrEqual(102);
    }
    // Density never over the limit.
    expect(area.densityWm2).toBeLessThanOrEqual(MAX_DENSITY_WM2);
    expect(area.watts / area.heatedAreaM2).toBeLessThanOrEqual(MAX_DENSITY_WM2 + 1);
  }

  // The bill of materials: catalogue products at catalogue prices; its total is the sum of its lines.
  for (const line of result.bom) {
    const p = byId.get(line.productId);
    expect(p).toBeDefined();
    expect(line.unitPriceCents).toBe(p!.priceCents);
    expect(line.lineTotalCents).toBe(line.quantity * line.unitPriceCents);
  }
  expect(result.totals.priceCents).toBe(result.bom.reduce((s, l) => s + l.lineTotalCents, 0));
  expect(result.checks.filter((c) => ['ruleMaxDensity', 'ruleBreaker', 'ruleGfep', 'ruleNoCut', 'ruleSpacing', 'ruleClearance'].includes(c.ruleCode!) && !c.passed)).toEqual([]);
}

describe('the engine over random sites', () => {
  it('keeps the code rules with the demo catalogue (breakers up to 40 A)', () => {
    fc.assert(
      fc.property(input, (raw) => check(raw, DEMO_CATALOGUE)),
      { numRuns: 60, seed: 14 },
    );
  }, 30_000);

  it('keeps the code rules with mats and cables rated 240/277 V', () => {
    fc.assert(
      fc.property(input, (raw) => check(raw, DUAL_RATED_CATALOGUE)),
      { numRuns: 40, seed: 277 },
    );
  }, 30_000);

  it('keeps the code rules with 50 A breakers too', () => {
    fc.assert(
      fc.property(input, (raw) => check(raw, CATALOGUE_WITH_50A)),
      { numRuns: 60, seed: 1400 },
    );
  }, 30_000);
});
