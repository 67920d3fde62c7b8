/** Lengths are kept in metres; the reader sees and types them in metres or in feet. */
export type LengthUnit = 'm' | 'ft';

const FOOT_M = 0.3048;
/** The grid's snapping step, in the unit shown: 0.1 m or half a foot. */
const SNAP_STEP: Record<LengthUnit, number> = { m: 0.1, ft: 0.5 };

/** Metres kept to a tenth of a millimetre: conversions back and forth do not pile up float noise. */
const tidy = (metres: number) => Math.round(metres * 10_000) / 10_000;

export const toUnit = (metres: number, unit: LengthUnit) => (unit === 'm' ? metres : metres / FOOT_M);
export const fromUnit = (value: number, unit: LengthUnit) => tidy(unit === 'm' ? value : value * FOOT_M);

/** A length in metres put on the nearest grid step of the unit shown. */
export function snapLength(metres: number, unit: LengthUnit): number {
  const step = SNAP_STEP[unit];
  return fromUnit(Math.round(toUnit(metres, unit) / step) * step, unit);
}

/** An area in m² in the unit shown (ft² when in feet). */
export const areaToUnit = (squareMetres: number, unit: LengthUnit) => (unit === 'm' ? squareMetres : squareMetres / (FOOT_M * FOOT_M));
