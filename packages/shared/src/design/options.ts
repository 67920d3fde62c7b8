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

/**
 * How large one project may be. No source we hold gives the size of a real snowmelt project; these are our
 * bounds, chosen so that one calculation stays well inside the server's budget (docs/architecture.md, "The
 * layout generator's work"): 20 areas (a driveway, its walks, stairs and ramps, a loading dock: a large site
 * has a dozen), 2,000 m² in all (a large commercial lot's lanes and walks at 1,300 W/m² are about 2.6 MW; a
 * larger site is several projects), 20 exclusions an area (drains, posts, bollards) and 100 corners a drawn
 * outline.
 */
export const MAX_AREAS = 20;
export const MAX_AREA_M2 = 2000;
export const MAX_EXCLUSIONS = 20;
export const MAX_CORNERS = 100;
/**
 * Embedded heating limit: NEC 426.20(A), 1,300 W/m² (120 W/ft²). CEC Section 62 states no watt density for
 * embedded heating that we know of, so none is attributed to it.
 */
export const MAX_DENSITY_WM2 = 1300;
/** Clearance kept around drains, posts and other exclusions, and from an area's edge for cable. */
export const CLEARANCE_M = 0.1;
