import type { Circuit } from './design.schema.js';
import { BREAKER_SIZES, CONTINUOUS_LOAD, type Heater } from './products.js';

/** One mat or one cable reel: never split over circuits. */
export type HeatingUnit = { unit: string; area: string; heater: Heater };

export type CircuitPlan = {
  circuits: Circuit[];
  /** The most a circuit may carry: 80% of the largest breaker. */
  binAmps: number;
  maxBreaker: number;
  /** The breaker each circuit needs by the 80% rule, before the catalogue's sizes are applied. */
  neededBreakers: number[];
  relayAmps: number;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The smallest standard GFEP size whose 80% carries `amps`, or null above the largest. */
const breakerFor = (amps: number): number | null => BREAKER_SIZES.find((b) => amps <= b * CONTINUOUS_LOAD + 1e-9) ?? null;

/** The catalogue's standard GFEP sizes, smallest first, and the largest (50 A when the catalogue has none). */
export function breakerSizes(available: readonly number[]) {
  const sizes = available.filter((s) => (BREAKER_SIZES as readonly number[]).includes(s)).sort((a, b) => a - b);
  return { sizes, largest: sizes.at(-1) ?? BREAKER_SIZES.at(-1)! };
}

/**
 * Groups the units into as few circuits as possible, first-fit decreasing into bins of 80% of the largest
 * breaker size `available` (the catalogue's GFEP sizes; all standard sizes when it has none), then gives
 * each circuit the smallest breaker whose 80% carries its load, the catalogue's next larger size when it
 * lacks that one. Circuits go on the controller's relay while their sum fits it; the others through a
 * contactor.
 */
export function planCircuits(units: readonly HeatingUnit[], voltage: number, available: readonly number[], relayAmps: number): CircuitPlan {
  const { sizes, largest: maxBreaker } = breakerSizes(available);
  const binAmps = maxBreaker * CONTINUOUS_LOAD;
  const order = units.map((u, i) => ({ u, i })).sort((a, b) => b.u.heater.amps - a.u.heater.amps || a.i - b.i);
  const bins: { amps: number; units: HeatingUnit[] }[] = [];
  const fit = firstFit(units.length, binAmps);
  for (const { u } of order) {
    const at = fit(u.heater.amps);
    const bin = bins[at] ?? { amps: 0, units: [] };
    bins[at] = bin;
    bin.amps += u.heater.amps;
    bin.units.push(u);
  }
  const neededBreakers: number[] = [];
  let direct = 0;
  const circuits = bins.map((bin, i): Circuit => {
    const loadAmps = round2(bin.amps);
    const needed = breakerFor(loadAmps) ?? maxBreaker;
    neededBreakers.push(needed);
    const breakerAmps = sizes.find((s) => s >= needed) ?? needed;
    const onRelay = direct + loadAmps <= relayAmps + 1e-9;
    if (onRelay) direct += loadAmps;
    return {
      id: `C${i + 1}`,
      voltage,
      breakerAmps,
      maxLoadAmps: round2(breakerAmps * CONTINUOUS_LOAD),
      loadAmps,
      watts: round2(bin.units.reduce((sum, u) => sum + u.heater.watts, 0)),
      gfep: true,
      contactor: !onRelay,
      products: bin.units.map((u) => ({ productId: u.heater.product.id, sku: u.heater.product.sku, name: u.heater.product.name, area: u.area, unit: u.unit, watts: u.heater.watts, amps: u.heater.amps })),
    };
  });
  return { circuits, binAmps, maxBreaker, neededBreakers, relayAmps };
}

/**
 * First fit over `count` bins of `room` each, in O(log n) a unit: a tree of the most room left under each
 * node finds the first bin the load fits in (the next empty one when none of the used ones has room; a load
 * larger than a bin gets one to itself). Returns the bin's index and takes the load from it.
 */
function firstFit(count: number, room: number) {
  let size = 1;
  while (size < Math.max(1, count)) size *= 2;
  const tree = new Float64Array(2 * size).fill(room);
  let used = 0;
  return (load: number): number => {
    let node = 1;
    if (tree[1]! + 1e-9 < load) node = size + used;
    else while (node < size) node = tree[2 * node]! + 1e-9 >= load ? 2 * node : 2 * node + 1;
    const at = node - size;
    used = Math.max(used, at + 1);
    tree[node] = tree[node]! - load;
    for (node >>= 1; node >= 1; node >>= 1) tree[node] = Math.max(tree[2 * node]!, tree[2 * node + 1]!);
    return at;
  };
}
