import type { AreaResult } from '@meltway/shared/design/design.schema';

type UnitGroup = { sku: string; units: string[]; widthM?: number; matLengthM?: number; lengthM?: number };

/** An area's mats by SKU (with the mat's size) or its cable reels by SKU (with the reel's length), each with its units' names in order. */
export function areaUnits(area: AreaResult, index: number): UnitGroup[] {
  const groups = new Map<string, UnitGroup>();
  area.mats.forEach((m, j) => {
    const g = groups.get(m.sku) ?? { sku: m.sku, units: [], widthM: Math.min(m.widthM, m.lengthM), matLengthM: Math.max(m.widthM, m.lengthM) };
    g.units.push(`A${index + 1}-M${j + 1}`);
    groups.set(m.sku, g);
  });
  area.cable?.products.forEach((c, j) => {
    const g = groups.get(c.sku) ?? { sku: c.sku, units: [], lengthM: c.lengthM };
    g.units.push(`A${index + 1}-C${j + 1}`);
    groups.set(c.sku, g);
  });
  return [...groups.values()];
}

/** Unit names with runs of consecutive numbers of one area and kind written as a range: A1-M1 – A1-M4, A1-M7. */
export function unitRanges(units: readonly string[]): string[] {
  const numberOf = (u: string) => Number(u.slice(u.search(/\d+$/)));
  const prefixOf = (u: string) => u.slice(0, u.search(/\d+$/));
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i <= units.length; i++) {
    const next = units[i];
    const previous = units[i - 1]!;
    if (next !== undefined && prefixOf(next) === prefixOf(previous) && numberOf(next) === numberOf(previous) + 1) continue;
    out.push(i - 1 === start ? units[start]! : `${units[start]} – ${units[i - 1]}`);
    start = i;
  }
  return out;
}
