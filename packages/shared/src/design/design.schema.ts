import { z } from 'zod';
import { text } from '../common/fields.js';
import { designMessages as m } from './messages.js';
import { CONTROLS, EXCLUSION_KINDS, MAX_AREAS, MAX_CORNERS, MAX_DENSITY_WM2, MAX_EXCLUSIONS, SERVICE_SIZES, SURFACES, SYSTEMS, VOLTAGES } from './options.js';

/**
 * The layout generator's contract: what `POST /api/v1/design/calculate` takes and answers, and what a
 * saved project keeps. Lengths are metres, powers watts, currents amperes, money integer cents (CAD).
 * The engine (`calculate.ts`) is pure: the same input and catalogue give the same result in the browser
 * and on the server.
 */

export {
  CLEARANCE_M,
  CONTROLS,
  MAX_AREA_M2,
  MAX_AREAS,
  MAX_CORNERS,
  MAX_DENSITY_WM2,
  MAX_EXCLUSIONS,
  SNOW_CLASSES,
  SURFACES,
  VOLTAGES,
  type Control,
  type SnowClass,
} from './options.js';

const finite = (message: string, min: number, max: number) => z.number({ error: message }).min(min, message).max(max, message);

export const DesignWeather = z.object({
  /** Snowfall rate in mm of water an hour. */
  snowfallMmPerHour: finite(m.snowfallInvalid, 0, 50),
  airTempC: finite(m.airTempInvalid, -50, 5),
  /** The station wind, measured 10 m above the ground as weather reports give it; used as it is at the surface. */
  windMs: finite(m.windInvalid, 0, 40),
  /** Relative humidity over water, as weather reports give it, also below 0 °C. */
  humidityPct: finite(m.humidityInvalid, 1, 100),
});
export type DesignWeather = z.infer<typeof DesignWeather>;

/** A point [x, y] in metres, in the area's own plane. */
export const Point = z.tuple([finite(m.polygonInvalid, -1000, 1000), finite(m.polygonInvalid, -1000, 1000)]);
export type Point = z.infer<typeof Point>;

/** A drain, post or other obstacle: a rectangle in the area's coordinates, kept CLEARANCE_M clear. */
export const Exclusion = z.object({
  kind: z.enum(EXCLUSION_KINDS, { error: m.exclusionInvalid }),
  x: finite(m.exclusionInvalid, -1000, 1000),
  y: finite(m.exclusionInvalid, -1000, 1000),
  widthM: finite(m.exclusionInvalid, 0.01, 200),
  lengthM: finite(m.exclusionInvalid, 0.01, 200),
});
export type Exclusion = z.infer<typeof Exclusion>;

const areaName = text(m.areaNameRequired).min(1, m.areaNameRequired).max(60, m.areaNameRequired);
const side = finite(m.sizeInvalid, 0.3, 200);

const exclusions = z.array(Exclusion).optional();

/** A rectangle typed as its dimensions (x along the width, y along the length). */
const RectArea = z.object({ name: areaName, widthM: side, lengthM: side, exclusions });
/** A drawn polygon, corners in order. */
const PolygonArea = z.object({ name: areaName, polygon: z.array(Point).min(3, m.polygonInvalid), exclusions });
// The counts are checked past the union, so that too many corners or exclusions is told as that, at their field,
// not as a shape that matches neither a rectangle nor a drawn outline.
export const DesignArea = z.union([RectArea, PolygonArea], { error: m.sizeInvalid }).check((ctx) => {
  if ('polygon' in ctx.value && ctx.value.polygon.length > MAX_CORNERS) ctx.issues.push({ code: 'custom', path: ['polygon'], message: m.polygonInvalid, input: ctx.value.polygon, continue: true });
  if ((ctx.value.exclusions?.length ?? 0) > MAX_EXCLUSIONS) ctx.issues.push({ code: 'custom', path: ['exclusions'], message: m.tooManyExclusions, input: ctx.value.exclusions, continue: true });
});
export type DesignArea = z.infer<typeof DesignArea>;

export const DesignInput = z.object({
  /** A city id of `cities.ts`; its design weather is used when the file has a sourced one. */
  city: text(m.cityUnknown).max(60, m.cityUnknown).optional(),
  /** Typed design weather; wins over the city's. */
  weather: DesignWeather.optional(),
  /**
   * The design density when there is no design weather (the class method): residential about
   * 300-400 W/m², commercial 400-500, critical 500-650 or more.
   */
  classDensityWm2: finite(m.classDensityInvalid, 100, MAX_DENSITY_WM2).optional(),
  /** A_r: 0 residential, 0.5 commercial, 1 critical, or any value between. */
  snowFreeRatio: finite(m.snowFreeRatioInvalid, 0, 1),
  /** Allowance for back and edge losses, percent of the surface flux; 20 when not given. */
  backLossPct: finite(m.backLossInvalid, 0, 100).optional(),
  voltage: z.union(VOLTAGES.map((v) => z.literal(v)), { error: m.voltageInvalid }),
  system: z.enum(SYSTEMS, { error: m.systemInvalid }).optional(),
  surface: z.enum(SURFACES, { error: m.surfaceInvalid }).optional(),
  control: z.enum(CONTROLS, { error: m.controlInvalid }).optional(),
  /** Province or state code for the electricity price; the city's when not given. */
  province: z.string().regex(/^[A-Z]{2}$/, m.provinceInvalid).optional(),
  /** The price paid for electricity, ¢/kWh, when the user knows it; else the province's from `electricity.ts`. */
  electricityCentsPerKwh: finite(m.electricityPriceInvalid, 0, 200).optional(),
  /**
   * The size of the site's electrical service, amperes, when the user knows it: a warning says when the design
   * draws more than 80% of it (80 A on a residential design when not given).
   */
  serviceAmps: z.union(SERVICE_SIZES.map((a) => z.literal(a)), { error: m.serviceAmpsInvalid }).optional(),
  areas: z.array(DesignArea, { error: m.areasRequired }).min(1, m.areasRequired).max(MAX_AREAS, m.tooManyAreas),
});
export type DesignInput = z.input<typeof DesignInput>;
export type DesignInputParsed = z.output<typeof DesignInput>;

/** A sentence of the engine: `code` is a key of ENGINE_TEXTS (English) and ENGINE_TEXTS_FR, filled with `params` (engine-texts.ts); `text` is its English. */
export const Explained = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])), text: z.string() });
export type Explained = z.infer<typeof Explained>;

const HeatFluxTerm = z.object({
  key: z.enum(['sensible', 'melting', 'evaporation', 'convection', 'surface', 'backLoss', 'design']),
  valueWm2: z.number(),
  /** The formula with the numbers put in, for example "q_m = ρ·s·h_if / 3.6e6 = 1000 × 2 × 334000 / 3.6e6". */
  formula: z.string(),
  source: z.string(),
});

export const HeatFlux = z.object({
  method: z.enum(['heat-balance', 'class-density']),
  /** Where the weather came from: typed by the user, the city's sourced design weather, or none (the class density). */
  weatherFrom: z.enum(['typed', 'city', 'none']).optional(),
  weather: DesignWeather.nullable(),
  snowFreeRatio: z.number(),
  backLossPct: z.number(),
  sensibleWm2: z.number(),
  meltingWm2: z.number(),
  evaporationWm2: z.number(),
  /** Convection and radiation (q_h). */
  convectionWm2: z.number(),
  /** q_o = q_s + q_m + A_r (q_e + q_h). */
  surfaceWm2: z.number(),
  /** Surface flux plus the back and edge allowance: what the heaters must deliver. */
  designWm2: z.number(),
  terms: z.array(HeatFluxTerm),
});
export type HeatFlux = z.infer<typeof HeatFlux>;

/** A mat laid in an area: its corner (x, y) and its size as laid (rotated when widthM is its length). */
export const PlacedMat = z.object({ productId: z.uuid(), sku: z.string(), x: z.number(), y: z.number(), widthM: z.number(), lengthM: z.number() });
export type PlacedMat = z.infer<typeof PlacedMat>;

/** The cable of an area: the fixed lengths used, the spacing they give over the area, and the serpentine drawn. */
const PlacedCable = z.object({
  products: z.array(z.object({ productId: z.uuid(), sku: z.string(), lengthM: z.number() })),
  lengthM: z.number(),
  spacingMm: z.number(),
  path: z.array(Point),
  /**
   * Indexes of `path` where a new piece starts: where an exclusion or a notch splits the runs, each part is
   * drawn apart (the cable passes around it), so the pieces are not joined by a line.
   */
  breaks: z.array(z.number().int()).optional(),
  /**
   * Where the drawing would take more than MAX_PATH_POINTS points, its runs are drawn this far apart, a whole
   * multiple of `spacingMm`: one drawn run stands for several laid ones. Absent when drawn as laid.
   */
  drawnSpacingMm: z.number().optional(),
});

export const AreaResult = z.object({
  name: z.string(),
  /** The outline in metres (a rectangle's four corners from (0, 0)). */
  polygon: z.array(Point),
  exclusions: z.array(Exclusion),
  areaM2: z.number(),
  system: z.enum(['mat', 'cable']),
  heatedAreaM2: z.number(),
  coveragePct: z.number(),
  /** Watts over heated area, at the design voltage. */
  densityWm2: z.number(),
  /**
   * This area's own design heat flux (its heat balance uses its own characteristic length). Optional only for
   * results saved before areas carried it; the engine always gives it.
   */
  heatFlux: HeatFlux.optional(),
  /** The heated share of the area net of its exclusions, 0 to 1 (always given by the engine). */
  heatedFraction: z.number().optional(),
  /** Watts over the whole area net of its exclusions: what "design density reached" is judged on (always given by the engine). */
  wholeAreaDensityWm2: z.number().optional(),
  watts: z.number(),
  amps: z.number(),
  mats: z.array(PlacedMat),
  cable: PlacedCable.nullable(),
  notes: z.array(Explained),
});
export type AreaResult = z.infer<typeof AreaResult>;

const CircuitProduct = z.object({
  productId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  area: z.string(),
  /** The unit's name in the project (`A1-M2`), as `designUnits` gives it. */
  unit: z.string().optional(),
  watts: z.number(),
  amps: z.number(),
});
export const Circuit = z.object({
  id: z.string(),
  voltage: z.number(),
  breakerAmps: z.number(),
  /** 80% of the breaker: the most a continuous heating load may draw. */
  maxLoadAmps: z.number(),
  loadAmps: z.number(),
  watts: z.number(),
  gfep: z.literal(true),
  /** Loads above the controller's relay rating go through a contactor. */
  contactor: z.boolean(),
  products: z.array(CircuitProduct),
});
export type Circuit = z.infer<typeof Circuit>;

const BOM_ROLES = ['mat', 'cable', 'breaker', 'controller', 'sensor', 'contactor', 'sign', 'junction-box', 'accessory'] as const;
export const BomLine = z.object({
  productId: z.uuid(),
  sku: z.string(),
  name: z.string(),
  /** The product's French name, where it has one (a project saved before it was kept has none). */
  nameFr: z.string().nullable().optional(),
  role: z.enum(BOM_ROLES),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  lineTotalCents: z.number().int(),
  stock: z.number().int(),
});
export type BomLine = z.infer<typeof BomLine>;

/** A season's hours and energy for a control; its cost in cents, null when no electricity price is known. */
const SeasonCost = z.object({
  hoursMin: z.number(),
  hoursMax: z.number(),
  kwhMin: z.number(),
  kwhMax: z.number(),
  costCentsMin: z.number().int().nullable(),
  costCentsMax: z.number().int().nullable(),
});
/**
 * How the season hours were scaled for the city's climate, an estimate: hours = 80 (or 200) h × `notRainMm` ÷
 * `referenceMm`, `factor` = that ratio to 0.01. `notRainMm` is the city's NBC 2020 annual precipitation less its
 * annual rain; `referenceMm` (the median of the 40 Canadian cities) is our assumption.
 */
const SeasonBasis = z.object({
  cityId: z.string(),
  city: z.string(),
  notRainMm: z.number(),
  referenceMm: z.number(),
  factor: z.number(),
  source: z.string(),
});
export const RunningCost = z.object({
  province: z.string().nullable(),
  /** False when no price is known for the province and none was typed: centsPerKwh and every cost are then null. */
  priceKnown: z.boolean().optional(),
  centsPerKwh: z.number().nullable(),
  priceSource: z.string(),
  priceDate: z.string(),
  kw: z.number(),
  /** Full-load hours of a snow sensor's season, the ones used: scaled by `seasonBasis` when there is one. */
  seasons: z.object({ light: z.number(), average: z.number() }),
  /** Null without a Canadian city (no climate scaling: 80 h and 200 h); absent from results saved before it existed. */
  seasonBasis: SeasonBasis.nullable().optional(),
  controls: z.array(z.object({ control: z.enum(CONTROLS), factorMin: z.number(), factorMax: z.number(), light: SeasonCost, average: SeasonCost, reason: Explained })),
});
export type RunningCost = z.infer<typeof RunningCost>;

export const Check = z.object({
  /** The rule in English; `ruleCode` is its code in ENGINE_TEXTS and ENGINE_TEXTS_FR. */
  rule: z.string(),
  ruleCode: z.string().optional(),
  passed: z.boolean(),
  detail: z.string(),
  code: z.string(),
  params: Explained.shape.params,
  reference: z.string(),
  /**
   * A warning rather than a code rule: `passed` stays true and the page shows it as something to act on (the
   * electrical service to be assessed). Absent on the code and design rules.
   */
  warning: z.boolean().optional(),
});
export type Check = z.infer<typeof Check>;

export const Recommendation = z.object({ topic: z.enum(['system', 'control', 'voltage', 'class', 'stock']), ...Explained.shape });
export type Recommendation = z.infer<typeof Recommendation>;

export const DesignResult = z.object({
  /** The governing area's design heat flux: the highest of the areas' (each area carries its own). */
  heatFlux: HeatFlux,
  voltage: z.number(),
  areas: z.array(AreaResult),
  circuits: z.array(Circuit),
  bom: z.array(BomLine),
  totals: z.object({ watts: z.number(), amps: z.number(), areaM2: z.number(), heatedAreaM2: z.number(), priceCents: z.number().int() }),
  runningCost: RunningCost,
  checks: z.array(Check),
  recommendations: z.array(Recommendation),
  /** The steps of the calculation in order, each with its formula and source. */
  explanation: z.array(Explained),
});
export type DesignResult = z.infer<typeof DesignResult>;

/**
 * What the engine needs of a catalogue product (the live catalogue, active products only). Technical
 * figures are at the product's rated voltage.
 */
export const DesignProduct = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  /** The French name, where the catalogue has one. */
  nameFr: z.string().nullable().optional(),
  kind: z.enum(['mat', 'cable', 'controller', 'sensor', 'accessory']),
  priceCents: z.number().int(),
  stock: z.number().int(),
  /** The voltage the figures below are given at. */
  voltage: z.number().nullable(),
  /** Heaters: the voltages the maker rates the product for; the engine never runs a heater above the highest. */
  voltages: z.array(z.number()),
  /** Heaters: the least insulation resistance the maker states, MΩ; null: the 100 MΩ every heater must reach. */
  minInsulationMOhm: z.number().nullable().optional(),
  watts: z.number().nullable(),
  lengthM: z.number().nullable(),
  widthM: z.number().nullable(),
  heatedAreaM2: z.number().nullable(),
  currentA: z.number().nullable(),
});
export type DesignProduct = z.infer<typeof DesignProduct>;
