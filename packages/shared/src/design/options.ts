/**
 * The layout generator's fixed choices and limits, apart from the schemas that check them (`design.schema.ts`
 * re-exports them): a page that only offers the choices, the generator's first screen, loads these few lines
 * instead of the schemas and their validation library.
 */

export const VOLTAGES = [120, 208, 240, 277, 347] as const;
export const SYSTEMS = ['mat', 'cable', 'auto'] as const;
export const SURFACES = ['concrete', 'asphalt', 'pavers'] as const;
/** manual timer, ambient thermostat, aerial snow sensor, in-pavement snow sensor. */
export const CONTROLS = ['manual', 'ambient', 'aerial', 'pavement'] as const;
export type Control = (typeof CONTROLS)[number];
export const SNOW_CLASSES = ['residential', 'commercial', 'critical'] as const;
export type SnowClass = (typeof SNOW_CLASSES)[number];
export const EXCLUSION_KINDS = ['drain', 'post', 'other'] as const;
/** Sizes of an electrical service the user may enter, amperes. */
export const SERVICE_SIZES = [100, 200] as const;

export const MAX_AREAS = 20;
export const MAX_AREA_M2 = 5000;
/**
 * Embedded heating limit: NEC 426.20(A), 1,300 W/m² (120 W/ft²). CEC Section 62 states no watt density for
 * embedded heating that we know of, so none is attributed to it.
 */
export const MAX_DENSITY_WM2 = 1300;
/** Clearance kept around drains, posts and other exclusions, and from an area's edge for cable. */
export const CLEARANCE_M = 0.1;
