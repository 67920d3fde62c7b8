import { CLEARANCE_M, MAX_DENSITY_WM2, type AreaResult, type Check, type Circuit, type Exclusion } from './design.schema.js';
import { ENGINE_TEXTS, type EngineTextCode } from './engine-texts-en.js';
import { explain, type EngineParams } from './engine-texts.js';
import { boxInPolygon, exclusionBox, scanFree, segmentHitsBox } from './geometry.js';
import { MAX_SPACING_M, MIN_SPACING_M } from './layout.js';
import { CONTINUOUS_LOAD } from './products.js';

export const REFERENCES = {
  maxDensity: 'NEC 426.20(A): embedded heating units at most 1,300 W/m² (120 W/ft²); CEC Section 62 states no such figure: the maker’s rating applies in Canada',
  breaker: 'NEC 426.4: snow-melting equipment is a continuous load; CEC 8-104 and NEC 210.19(A) / 210.20(A): a continuous load at most 80% of its breaker',
  gfep: 'CEC 62-116 / NEC 426.28: 30 mA ground-fault equipment protection on every circuit',
  breakerSize: 'GFEP breakers of 20, 30, 40 and 50 A; the live catalogue',
  noCut: 'Mats and cables are made in fixed sizes and are never cut or shortened',
  spacing: 'Cable spacing from 1 in to 4 in (25 to 102 mm): NEC 426.20(B) for the 25 mm, Meltway engineering facts for the 102 mm',
  clearance: '100 mm (4 in) from edges, drains and posts: Meltway engineering facts',
  contactor: 'The controller relay rating (30 A for the catalogue controllers); a contactor panel switches larger loads',
  sign: 'NEC 426.13: an "electrically heated surface" warning sign',
  designDensity: 'ASHRAE Handbook, HVAC Applications, chapter "Snow Melting and Freeze Protection": the design heat flux over the whole snow-melting area',
  service: 'NEC 426.4 and CEC 8-104: the heating is a continuous load on the service too, at most 80% of its rating; our threshold without an entered size: 80 A on a residential design',
  catalogue: 'The live catalogue',
} as const;

type Rule = keyof typeof REFERENCES;
const RULE_CODES: Record<Rule, EngineTextCode> = {
  maxDensity: 'ruleMaxDensity',
  breaker: 'ruleBreaker',
  gfep: 'ruleGfep',
  breakerSize: 'ruleBreakerSize',
  noCut: 'ruleNoCut',
  spacing: 'ruleSpacing',
  clearance: 'ruleClearance',
  contactor: 'ruleContactor',
  sign: 'ruleSign',
  designDensity: 'ruleDesignDensity',
  service: 'ruleService',
  catalogue: 'ruleCatalogue',
};

function check(rule: Rule, passed: boolean, code: EngineTextCode, params: EngineParams): Check {
  const detail = explain(code, params);
  const ruleCode = RULE_CODES[rule];
  return { rule: ENGINE_TEXTS[ruleCode], ruleCode, passed, detail: detail.text, code, params, reference: REFERENCES[rule] };
}

/** Share of a service a continuous load may take (NEC 426.4, CEC 8-104). */
const SERVICE_SHARE = 0.8;
/** Our threshold on a residential design when no service size is entered: 80% of a 100 A service. */
const RESIDENTIAL_SERVICE_A = 80;

/**
 * The design's current on the electrical service, against 80% of the size entered, or 80 A on a residential
 * design without one: above it, a warning that an electrician must assess the service. Never a failed rule.
 */
function serviceCheck(amps: number, voltage: number, serviceAmps: number | null, residential: boolean): Check {
  const limit = serviceAmps !== null ? SERVICE_SHARE * serviceAmps : residential ? RESIDENTIAL_SERVICE_A : null;
  if (limit === null) return check('service', true, 'checkServiceTotal', { amps, voltage });
  const over = amps > limit + EPS;
  const params: EngineParams = serviceAmps !== null ? { amps, voltage, limit, service: serviceAmps } : { amps, voltage, limit };
  const code: EngineTextCode = serviceAmps !== null ? (over ? 'checkServiceOver' : 'checkServiceWithin') : over ? 'checkServiceOverResidential' : 'checkServiceWithinResidential';
  return { ...check('service', true, code, params), ...(over ? { warning: true } : {}) };
}

const EPS = 1e-6;

/** Whether every mat lies inside its area and clear of the exclusions' 100 mm. */
function matsClear(area: AreaResult): boolean {
  const boxes = area.exclusions.map((e: Exclusion) => exclusionBox(e, CLEARANCE_M - EPS));
  return area.mats.every((m) => {
    const box = { minX: m.x, minY: m.y, maxX: m.x + m.widthM, maxY: m.y + m.lengthM };
    const inside = boxInPolygon(area.polygon, { minX: box.minX + EPS, minY: box.minY + EPS, maxX: box.maxX - EPS, maxY: box.maxY - EPS });
    return inside && boxes.every((b) => box.maxX <= b.minX || box.minX >= b.maxX || box.maxY <= b.minY || box.minY >= b.maxY);
  });
}

/**
 * Whether the drawn cable keeps its clearances: every run lies in the heated part of the area (100 mm from
 * the edges and the exclusions), and no turn between two runs of a piece passes over an exclusion's clearance.
 */
function cableClear(area: AreaResult): boolean {
  const path = area.cable?.path ?? [];
  const breaks = new Set(area.cable?.breaks ?? []);
  const tolerance = 1e-3;
  const boxes = area.exclusions.map((e) => exclusionBox(e, CLEARANCE_M - tolerance));
  const horizontal = path.length > 1 && path[0]![1] === path[1]![1];
  for (let i = 0; i + 1 < path.length; i++) {
    if (breaks.has(i + 1)) continue;
    const [a, b] = [path[i]!, path[i + 1]!];
    if (boxes.some((box) => segmentHitsBox(a, b, box))) return false;
    const [ax, ay, bx] = horizontal ? [a[0], a[1], b[0]] : [a[1], a[0], b[1]];
    const by = horizontal ? b[1] : b[0];
    if (ay === by) {
      const polygon = horizontal ? area.polygon : area.polygon.map(([x, y]): [number, number] => [y, x]);
      const exclusions = horizontal ? area.exclusions : area.exclusions.map((e) => ({ ...e, x: e.y, y: e.x, widthM: e.lengthM, lengthM: e.widthM }));
      const spans = scanFree(polygon, exclusions, ay, CLEARANCE_M - tolerance, CLEARANCE_M - tolerance);
      if (!spans.some(([from, to]) => from <= Math.min(ax, bx) + tolerance && to >= Math.max(ax, bx) - tolerance)) return false;
    }
  }
  return true;
}

export type ChecksInput = {
  areas: readonly AreaResult[];
  circuits: readonly Circuit[];
  neededBreakers: readonly number[];
  hasBreakers: boolean;
  /** The design's whole current at `voltage`, A. */
  totalAmps: number;
  voltage: number;
  /** The service size the user entered, A, or null. */
  serviceAmps: number | null;
  /** Whether the design is residential (A_r class). */
  residential: boolean;
  relayAmps: number;
  contactorPanels: number;
  missing: readonly string[];
};

/** Every code rule and design rule, checked on the result, each with its reference. */
export function designChecks(input: ChecksInput): Check[] {
  const checks: Check[] = [];
  const r1 = (n: number) => Math.round(n * 10) / 10;
  for (const a of input.areas) checks.push(check('maxDensity', a.densityWm2 <= MAX_DENSITY_WM2 + EPS, 'checkMaxDensity', { area: a.name, density: r1(a.densityWm2) }));
  input.circuits.forEach((c, i) => {
    const max = c.breakerAmps * CONTINUOUS_LOAD;
    checks.push(check('breaker', c.loadAmps <= max + EPS, 'checkBreaker', { circuit: c.id, load: c.loadAmps, breaker: c.breakerAmps, max }));
    checks.push(check('gfep', c.gfep && input.hasBreakers, 'checkGfep', { circuit: c.id, breaker: c.breakerAmps }));
    const needed = input.neededBreakers[i]!;
    if (!input.hasBreakers) checks.push(check('breakerSize', false, 'checkBreakerNone', { circuit: c.id, needed }));
    else if (needed !== c.breakerAmps) checks.push(check('breakerSize', false, 'checkBreakerSizeMissing', { circuit: c.id, needed, used: c.breakerAmps }));
  });
  if (input.hasBreakers && input.circuits.every((c, i) => c.breakerAmps === input.neededBreakers[i])) checks.push(check('breakerSize', true, 'checkBreakerSizeOk', {}));
  const units = input.areas.reduce((n, a) => n + a.mats.length + (a.cable?.products.length ?? 0), 0);
  checks.push(check('noCut', true, 'checkNoCut', { count: units }));
  for (const a of input.areas) {
    if (a.cable) {
      const spacing = a.cable.spacingMm;
      const within = spacing >= MIN_SPACING_M * 1000 - 0.05 && spacing <= MAX_SPACING_M * 1000 + 0.05;
      checks.push(check('spacing', within, within ? 'checkSpacing' : 'checkSpacingOut', { area: a.name, spacing }));
    }
  }
  for (const a of input.areas) {
    const clear = a.system === 'mat' ? matsClear(a) : cableClear(a);
    checks.push(check('clearance', clear, a.system === 'mat' ? 'checkClearanceMats' : 'checkClearanceCable', { area: a.name, exclusions: a.exclusions.length }));
  }
  const load = Math.round(input.circuits.reduce((s, c) => s + c.loadAmps, 0) * 100) / 100;
  const underContactor = input.circuits.filter((c) => c.contactor).length;
  if (underContactor === 0) checks.push(check('contactor', true, 'checkContactorNone', { load, relay: input.relayAmps }));
  else
    checks.push(
      check('contactor', input.contactorPanels > 0 && !input.missing.includes('contactor panel'), input.missing.includes('contactor panel') ? 'checkContactorMissing' : 'checkContactor', {
        circuits: underContactor,
        relay: input.relayAmps,
        panels: input.contactorPanels,
      }),
    );
  const signMissing = input.missing.includes('warning sign');
  for (const a of input.areas) checks.push(check('sign', !signMissing, signMissing ? 'checkSignMissing' : 'checkSign', { area: a.name }));
  // Judged over the whole area net of its exclusions, against the area's own design density.
  for (const a of input.areas) {
    const design = a.heatFlux!.designWm2;
    const whole = a.wholeAreaDensityWm2!;
    const reached = whole >= design - 0.05;
    const params = { area: a.name, whole, fraction: r1(a.heatedFraction! * 100), density: r1(a.densityWm2), design };
    checks.push(check('designDensity', reached, reached ? 'checkDesignDensityWhole' : 'checkDesignDensityWholeShort', reached ? params : { ...params, short: r1(design - whole) }));
  }
  checks.push(serviceCheck(input.totalAmps, input.voltage, input.serviceAmps, input.residential));
  checks.push(
    input.missing.length === 0 ? check('catalogue', true, 'checkCatalogueOk', {}) : check('catalogue', false, 'checkCatalogueMissing', { missing: input.missing.join(', ') }),
  );
  return checks;
}
