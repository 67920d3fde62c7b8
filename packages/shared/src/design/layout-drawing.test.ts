import { describe, expect, it } from 'vitest';
import { calculateDesign } from './calculate.js';
import { DesignInput, type DesignInput as DesignInputType } from './design.schema.js';
import { MAX_PATH_POINTS } from './layout.js';
import { DEMO_CATALOGUE } from './test/catalogue.js';

const design = (input: DesignInputType) => calculateDesign(DesignInput.parse(input), DEMO_CATALOGUE);
const cable = (widthM: number, lengthM: number, classDensityWm2: number) =>
  design({ classDensityWm2, snowFreeRatio: 0, voltage: 240, system: 'cable', areas: [{ name: 'Lot', widthM, lengthM }] }).areas[0]!;

describe('the bound on a cable drawing', () => {
  it('draws a small area as laid: no wider drawing, no note', () => {
    const area = cable(3, 6, 400);
    expect(area.cable!.drawnSpacingMm).toBeUndefined();
    expect(area.notes.map((n) => n.code)).not.toContain('areaCableDrawnWider');
  });

  it('draws a large, closely spaced area with at most MAX_PATH_POINTS points, its runs a whole multiple of the spacing apart, and says so', () => {
    // 40 m across at about 32 mm: some 1,250 runs, 2,500 points as laid.
    const area = cable(40, 45, 1300);
    const c = area.cable!;
    expect(c.path.length).toBeLessThanOrEqual(MAX_PATH_POINTS);
    expect(c.path.length).toBeGreaterThan(MAX_PATH_POINTS / 4);
    expect(c.drawnSpacingMm).toBeGreaterThan(c.spacingMm);
    const every = c.drawnSpacingMm! / c.spacingMm;
    expect(Math.abs(every - Math.round(every))).toBeLessThan(0.01);
    const note = area.notes.find((n) => n.code === 'areaCableDrawnWider')!;
    expect(note.params).toEqual({ drawn: c.drawnSpacingMm, actual: c.spacingMm });
    // What is laid does not change with the drawing: the length still covers the heated area at the spacing (shown to 0.1 mm).
    expect(c.lengthM).toBeGreaterThan(area.heatedAreaM2 / ((c.spacingMm + 0.05) / 1000));
  });
});
