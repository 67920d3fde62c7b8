import type { DesignResult } from './design.schema.js';
import type { DesignUnit } from './project.schema.js';
import type { z } from 'zod';

type Unit = z.infer<typeof DesignUnit>;

/**
 * Every mat and cable reel of a design, named as the installer tests it: `A1-M2` is area 1's second mat,
 * `A2-C1` area 2's first cable reel. Watts at the design voltage.
 */
export function designUnits(result: DesignResult): Unit[] {
  const units: Unit[] = [];
  const watts = new Map(result.circuits.flatMap((c) => c.products.map((p) => [p.unit ?? '', p.watts] as const)));
  result.areas.forEach((area, i) => {
    area.mats.forEach((m, j) => {
      const unit = `A${i + 1}-M${j + 1}`;
      units.push({ unit, area: area.name, sku: m.sku, name: nameOf(result, m.productId, m.sku), watts: watts.get(unit) ?? 0 });
    });
    area.cable?.products.forEach((c, j) => {
      const unit = `A${i + 1}-C${j + 1}`;
      units.push({ unit, area: area.name, sku: c.sku, name: nameOf(result, c.productId, c.sku), watts: watts.get(unit) ?? 0 });
    });
  });
  return units;
}

const nameOf = (result: DesignResult, productId: string, sku: string) => result.bom.find((l) => l.productId === productId)?.name ?? sku;

/**
 * The resistance a unit's heating conductor should read on a continuity test: R = V²/P, the same at the
 * rated voltage as at the design voltage, since re-rating keeps R.
 */
export const nominalResistanceOhm = (unit: { watts: number }, voltage: number) => (unit.watts > 0 ? Math.round(((voltage * voltage) / unit.watts) * 100) / 100 : 0);
