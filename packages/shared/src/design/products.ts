import type { Control, DesignProduct } from './design.schema.js';

export type ProductRole = 'mat' | 'cable' | 'breaker' | 'controller' | 'contactor' | 'sensor' | 'sign' | 'junction-box' | 'tape' | 'sensor-housing' | 'other';
/** What a controller does: a manual timer, an ambient thermostat, or a snow controller fed by a sensor. */
export type ControllerType = 'manual' | 'ambient' | 'snow';
export type SensorType = 'aerial' | 'pavement';

/** GFEP breaker sizes, amperes. */
export const BREAKER_SIZES = [20, 30, 40, 50] as const;
/**
 * A heating circuit is a continuous load (NEC 426.4) and carries at most 80% of its breaker: CEC Rule 8-104
 * (a continuous load at most 80% of an overcurrent device not marked for 100%), NEC 210.19(A) and 210.20(A)
 * (conductors and breaker sized at 125% of a continuous load).
 */
export const CONTINUOUS_LOAD = 0.8;
/**
 * A heater runs at or below the highest voltage its maker rates it for, never above (power grows with the square of
 * the voltage). No source we hold gives a lower limit: we stop at 80% of its lowest rating, where it gives
 * 0.8² = 64% of its rated power, so that a design does not lean on a heater far below what it was made for.
 */
const LOWEST_SHARE_OF_RATING = 0.8;

/** The role a catalogue product plays in a design, read from its kind, name and technical data. */
export function roleOf(p: DesignProduct): ProductRole {
  const name = p.name.toLowerCase();
  if (p.kind === 'mat') return 'mat';
  if (p.kind === 'cable') return 'cable';
  if (/\bgfep\b|ground[- ]fault/.test(name)) return 'breaker';
  if (p.kind === 'controller') return /contactor/.test(name) ? 'contactor' : 'controller';
  if (p.kind === 'sensor') return 'sensor';
  if (/housing/.test(name)) return 'sensor-housing';
  if (/junction/.test(name)) return 'junction-box';
  if (/sign\b/.test(name)) return 'sign';
  if (/tape|strapping/.test(name)) return 'tape';
  return 'other';
}

/** The controller type by name, or null when the name says none of them. */
export function controllerType(p: DesignProduct): ControllerType | null {
  const name = p.name.toLowerCase();
  if (/timer|manual/.test(name)) return 'manual';
  if (/ambient|thermostat/.test(name)) return 'ambient';
  if (/snow|sensor|automatic/.test(name)) return 'snow';
  return null;
}

export function sensorType(p: DesignProduct): SensorType | null {
  const name = p.name.toLowerCase();
  if (/pavement|slab|in-ground/.test(name)) return 'pavement';
  if (/aerial|air|eave|post/.test(name)) return 'aerial';
  return null;
}

/** The controller a control type needs. */
export const CONTROLLER_FOR: Record<Control, ControllerType> = { manual: 'manual', ambient: 'ambient', aerial: 'snow', pavement: 'snow' };

/** A heating product (mat or cable) with its figures re-rated to the design voltage. */
export type Heater = {
  product: DesignProduct;
  kind: 'mat' | 'cable';
  /** The lowest of its rated voltages at or above the design voltage. */
  ratedVoltage: number;
  /** Power and current at the design voltage, from the figures' voltage V_f and watts P_f: P = P_f·(V/V_f)², I = P/V. */
  watts: number;
  amps: number;
  lengthM: number;
  widthM: number;
  /** Mats: watts per m² of mat at the design voltage; cables: watts per metre. */
  density: number;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Whether a heater rated for `voltages` may run at `voltage`: at most its highest rating, at least 80% of its lowest; never without a rating. */
export function usableAt(voltages: readonly number[], voltage: number): boolean {
  if (voltages.length === 0) return false;
  return voltage <= Math.max(...voltages) + 1e-9 && voltage >= LOWEST_SHARE_OF_RATING * Math.min(...voltages) - 1e-9;
}

/** Power of a product giving `watts` at `figures` volts when used at `voltage`: P = P_f·(V/V_f)². */
const reratedWatts = (watts: number, figures: number, voltage: number) => watts * (voltage / figures) ** 2;

const isHeater = (p: DesignProduct) => (p.kind === 'mat' || p.kind === 'cable') && !!p.voltage && !!p.watts && !!p.lengthM && p.lengthM > 0 && p.watts > 0;

/** The mat or cable re-rated to `voltage`, or null when it is not a heater with complete figures usable at that voltage. */
export function heaterAt(p: DesignProduct, voltage: number): Heater | null {
  if (!isHeater(p) || !usableAt(p.voltages, voltage)) return null;
  const figures = p.voltage!;
  const lengthM = p.lengthM!;
  const ratedVoltage = Math.min(...p.voltages.filter((v) => v >= voltage - 1e-9));
  const watts = round2(reratedWatts(p.watts!, figures, voltage));
  if (p.kind === 'mat') {
    const widthM = p.widthM ?? (p.heatedAreaM2 ? p.heatedAreaM2 / lengthM : 0);
    if (widthM <= 0) return null;
    return { product: p, kind: 'mat', ratedVoltage, watts, amps: round2(watts / voltage), lengthM, widthM, density: watts / (widthM * lengthM) };
  }
  return { product: p, kind: 'cable', ratedVoltage, watts, amps: round2(watts / voltage), lengthM, widthM: 0, density: watts / lengthM };
}

/** The voltages the catalogue's mats and cables are rated for, ascending, each once. */
export function catalogueRatings(catalogue: readonly DesignProduct[]): number[] {
  return [...new Set(catalogue.filter(isHeater).flatMap((p) => p.voltages))].sort((a, b) => a - b);
}

/** Sort key that keeps every choice deterministic whatever order the catalogue comes in. */
export const bySku = (a: { sku: string }, b: { sku: string }) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0);

/** The GFEP breakers of the catalogue by size (amperes); the cheapest product of a size wins. */
export function breakersOf(catalogue: readonly DesignProduct[]): Map<number, DesignProduct> {
  const out = new Map<number, DesignProduct>();
  for (const p of [...catalogue].sort(bySku)) {
    if (roleOf(p) !== 'breaker' || !p.currentA) continue;
    const known = out.get(p.currentA);
    if (!known || p.priceCents < known.priceCents) out.set(p.currentA, p);
  }
  return out;
}

/** The cheapest catalogue product that `match` accepts, ties by SKU. */
export function cheapest(catalogue: readonly DesignProduct[], match: (p: DesignProduct) => boolean): DesignProduct | undefined {
  return [...catalogue].filter(match).sort((a, b) => a.priceCents - b.priceCents || bySku(a, b))[0];
}
