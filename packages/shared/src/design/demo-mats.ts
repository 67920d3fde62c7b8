/**
 * The demo catalogue's mats, one source for the demo seed (apps/api/src/seed/seed-catalogue.ts) and the engine's
 * test catalogue (design/test/catalogue.ts). The electrical figures are the published table's (0.6 m wide, about
 * 400 W/m² at 240 V); names, SKUs, prices (about CAD 10.50 per ft², rounded to a shop price) and stock are ours.
 */
type DemoMat = { sku: string; name: string; lengthM: number; lengthFt: number; areaM2: number; watts: number; priceCents: number; stock: number };

/** [length m, length ft, area m², watts at 240 V, stock]. */
const TABLE: [number, number, number, number, number][] = [
  [1.5, 5, 0.93, 370, 24],
  [3.0, 10, 1.86, 740, 30],
  [4.6, 15, 2.79, 1110, 18],
  [6.1, 20, 3.72, 1480, 16],
  [7.6, 25, 4.65, 1850, 12],
  [9.1, 30, 5.57, 2220, 10],
  [11.3, 37, 6.97, 2775, 6],
  [13.1, 43, 7.9, 3145, 4],
  [15.2, 50, 9.29, 3700, 3],
  [19.8, 65, 12.08, 4810, 2],
];

export const DEMO_MATS: readonly DemoMat[] = TABLE.map(([lengthM, lengthFt, areaM2, watts, stock]) => ({
  sku: `MW-MAT-06${String(Math.round(lengthM * 10)).padStart(3, '0')}`,
  name: `Snowmelt Mat 0.6 × ${lengthM.toFixed(1)} m (2 × ${lengthFt} ft)`,
  lengthM,
  lengthFt,
  areaM2,
  watts,
  priceCents: Math.round((lengthFt * 2 * 10.5) / 10) * 1000 - 100,
  stock,
}));
