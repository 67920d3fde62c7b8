import type { BREAKER_SIZES } from './products.js';

/** Where the conductor sizes below come from, as the permit pack and the circuit table cite it. */
export const CONDUCTOR_SOURCE = 'CEC Table 2 (copper, 75 °C) with Rule 14-104 / NEC Table 310.16 with 240.4(D)';

/**
 * The copper branch-circuit conductor each GFEP breaker size needs, in AWG. CEC Rule 14-104 and NEC 240.4(D) cap a
 * 12 AWG copper conductor at 20 A and 10 AWG at 30 A; in the 75 °C column 8 AWG carries 50 A and 6 AWG 65 A. Each size
 * also carries its breaker's rating in the 60 °C column (20, 30, 40 and 55 A), so it holds on a terminal rated 60 °C.
 */
const AWG_BY_BREAKER: Record<(typeof BREAKER_SIZES)[number], number> = { 20: 12, 30: 10, 40: 8, 50: 6 };

/** A circuit's conductor: copper, sized from the 75 °C column, in AWG. */
export type Conductor = { awg: number; material: 'copper'; column: '75 °C' };

/** The copper conductor a circuit protected by a `breakerAmps` breaker needs; null for a size the table does not give. */
export function conductorFor(breakerAmps: number): Conductor | null {
  const awg = (AWG_BY_BREAKER as Record<number, number | undefined>)[breakerAmps];
  return awg === undefined ? null : { awg, material: 'copper', column: '75 °C' };
}
