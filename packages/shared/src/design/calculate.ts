import { findCity, classOfRatio } from './cities.js';
import { climateOf, CLIMATE_SOURCE } from './climate.js';
import { designChecks } from './checks.js';
import { breakerSizes, planCircuits, type HeatingUnit } from './circuits.js';
import { buildBom } from './bom.js';
import type { CoreDesign, SystemChoice } from './core-design.js';
import {
  MAX_AREA_M2,
  MAX_DENSITY_WM2,
  type AreaResult,
  type DesignInputParsed,
  type DesignProduct,
  type DesignResult,
  type DesignWeather,
  type Explained,
  type HeatFlux,
} from './design.schema.js';
import { electricityPrice } from './electricity.js';
import { CONTROL_NAMES, dollars, EMBEDMENT, explain, fillText, type EngineParams } from './engine-texts.js';
import { boundingBox, boxInPolygon, freeArea, polygonArea, selfIntersects } from './geometry.js';
import { characteristicLength, HEAT, heatFlux } from './heat-flux.js';
import { drawnSerpentine, layoutCable, layoutMats, type AreaShape, type CableLayout, type MatLayout } from './layout.js';
import { designMessages } from './messages.js';
import { breakersOf, catalogueRatings, cheapest, CONTINUOUS_LOAD, CONTROLLER_FOR, controllerType, heaterAt, roleOf, type Heater } from './products.js';
import { recommendControl, designRecommendations } from './recommendations.js';
import { runningCost } from './running-cost.js';

/** Bad input that only the engine can see; the API answers 400 naming `path`. */
export class DesignInputError extends Error {
  readonly path: (string | number)[];
  readonly messageKey: keyof typeof designMessages;
  readonly params: EngineParams;

  constructor(path: (string | number)[], messageKey: keyof typeof designMessages, params: EngineParams = {}) {
    super(fillText(designMessages[messageKey], params));
    this.name = 'DesignInputError';
    this.path = path;
    this.messageKey = messageKey;
    this.params = params;
  }
}

/** Mats are chosen automatically only when they cover at least this share of a rectangle. */
const MAT_MIN_COVERAGE = 0.8;
/** The relay rating assumed when the controller does not give one. */
const DEFAULT_RELAY_A = 30;

const r1 = (n: number) => Math.round(n * 10) / 10;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** The outline of an input area, checked: sides that do not cross, an area above zero and at most the limit, exclusions inside. */
function shapeOf(area: DesignInputParsed['areas'][number], i: number): AreaShape {
  const rectangle = 'widthM' in area;
  const polygon: [number, number][] = rectangle
    ? [
        [0, 0],
        [area.widthM, 0],
        [area.widthM, area.lengthM],
        [0, area.lengthM],
      ]
    : area.polygon.map(([x, y]) => [x, y]);
  const areaM2 = polygonArea(polygon);
  if (!rectangle && (areaM2 < 1e-6 || selfIntersects(polygon))) throw new DesignInputError(['areas', i, 'polygon'], 'polygonInvalid');
  if (areaM2 > MAX_AREA_M2) throw new DesignInputError(['areas', i], 'areaTooLarge');
  const exclusions = area.exclusions ?? [];
  exclusions.forEach((e, j) => {
    if (!boxInPolygon(polygon, { minX: e.x, minY: e.y, maxX: e.x + e.widthM, maxY: e.y + e.lengthM })) throw new DesignInputError(['areas', i, 'exclusions', j], 'exclusionInvalid');
  });
  return { polygon, exclusions, areaM2, rectangle, box: boundingBox(polygon) };
}

/**
 * The automatic choice: cable for a drawn shape; mats for a rectangle when they reach the design density over
 * the whole area (`netM2`, net of its exclusions) and cover at least 80% of it; cable otherwise; whichever
 * fits when only one does.
 */
function autoChoice(name: string, shape: AreaShape, netM2: number, mats: MatLayout | null, cable: CableLayout | null, designWm2: number, voltage: number): SystemChoice {
  const base = { area: name, voltage, design: designWm2 };
  if (!shape.rectangle && cable) return { system: 'cable', reason: explain('areaAutoCableShape', base) };
  if (!mats) return { system: cable ? 'cable' : 'mat', reason: explain('areaAutoCableNoMat', base) };
  const whole = mats.watts / netM2;
  const numbers = { ...base, coverage: r1((mats.coveredM2 / shape.areaM2) * 100), matDensity: r1(mats.densityWm2), whole: r1(whole) };
  const reaches = whole >= designWm2 - 1e-6;
  const covers = mats.coveredM2 >= MAT_MIN_COVERAGE * shape.areaM2 - 1e-9;
  if (reaches && covers) return { system: 'mat', reason: explain('areaAutoMatWhole', numbers) };
  if (!cable) return { system: 'mat', reason: explain('areaAutoMatOnly', numbers) };
  return { system: 'cable', reason: explain(reaches ? 'areaAutoCableCoverage' : 'areaAutoCableWhole', numbers) };
}

type Area = { name: string; shape: AreaShape; netM2: number; flux: HeatFlux; system: 'mat' | 'cable'; mats: MatLayout | null; cable: CableLayout | null; choice: SystemChoice; notes: Explained[] };
type City = NonNullable<ReturnType<typeof findCity>>;

/** The site: its city (known, when named) and its design weather, which the class method alone does without. */
function siteOf(input: DesignInputParsed) {
  const city = input.city !== undefined ? findCity(input.city) : undefined;
  if (input.city !== undefined && !city) throw new DesignInputError(['city'], 'cityUnknown');
  const weather = input.weather ?? city?.weather ?? null;
  if (!weather && input.classDensityWm2 === undefined) throw new DesignInputError(['weather'], 'weatherRequired', { city: city?.name ?? 'this site' });
  return { city, weather };
}

/** The catalogue's mats and cables at this voltage that some circuit can carry, and its breakers. */
function heatersOf(catalogue: readonly DesignProduct[], voltage: number) {
  const heaters = catalogue.map((p) => heaterAt(p, voltage)).filter((h): h is Heater => h !== null);
  if (heaters.length === 0) {
    const ratings = catalogueRatings(catalogue);
    if (ratings.length === 0) throw new DesignInputError(['voltage'], 'heatersMissing');
    throw new DesignInputError(['voltage'], 'voltageUnsupported', { voltage, ratings: ratings.join(', ') });
  }
  const breakers = breakersOf(catalogue);
  const sizes = [...breakers.keys()];
  // A unit above 80% of the largest breaker could not go on any circuit: it is not offered.
  const binAmps = CONTINUOUS_LOAD * breakerSizes(sizes).largest;
  const usable = heaters.filter((h) => h.amps <= binAmps + 1e-9);
  return { mats: usable.filter((h) => h.kind === 'mat'), cables: usable.filter((h) => h.kind === 'cable'), breakers, sizes };
}
type Heaters = ReturnType<typeof heatersOf>;

/**
 * Each area's own heat balance: its convection and evaporation at its own characteristic length (its shorter
 * side, at least 1 m), so a walkway beside a driveway is rated as a walkway.
 */
function areaFluxes(input: DesignInputParsed, shapes: AreaShape[], weather: DesignWeather | null): HeatFlux[] {
  const weatherFrom = !weather ? 'none' : input.weather ? 'typed' : 'city';
  const fluxes: HeatFlux[] = shapes.map((sh) => ({
    ...heatFlux({ weather, classDensityWm2: input.classDensityWm2 ?? null, snowFreeRatio: input.snowFreeRatio, backLossPct: input.backLossPct ?? HEAT.backLossPct, lengthM: characteristicLength(sh.box, sh.areaM2) }),
    weatherFrom,
  }));
  fluxes.forEach((f, i) => {
    if (f.designWm2 > MAX_DENSITY_WM2) throw new DesignInputError(['areas', i], 'densityOverLimit', { density: Math.round(f.designWm2), area: input.areas[i]!.name });
  });
  return fluxes;
}

/** An area's mats and cable laid out, the automatic choice between them, and the system it gets (the one asked, or the choice). */
function layAreaOut(input: DesignInputParsed, i: number, shape: AreaShape, netM2: number, areaFlux: HeatFlux, { mats, cables }: Heaters): Area {
  const a = input.areas[i]!;
  const voltage = input.voltage;
  const wanted = input.system ?? 'auto';
  const design = areaFlux.designWm2;
  const matLayout = mats.length > 0 && (wanted !== 'cable' || shape.rectangle) ? layoutMats(shape, mats, design, netM2) : null;
  const matOk = matLayout && matLayout.densityWm2 <= MAX_DENSITY_WM2 + 1e-6 ? matLayout : null;
  const cable = cables.length > 0 ? layoutCable(shape, cables, design, netM2) : null;
  const choice = autoChoice(a.name, shape, netM2, matOk, cable, design, voltage);
  const system = wanted === 'auto' ? choice.system : wanted;
  if (system === 'mat' && !matOk) {
    if (matLayout) throw new DesignInputError(['areas', i], 'densityOverLimit', { density: Math.round(matLayout.densityWm2), area: a.name });
    throw new DesignInputError(['areas', i], 'noProductFits', { system: wanted === 'auto' ? 'mat or cable' : 'mat', area: a.name, voltage });
  }
  if (system === 'cable' && !cable) throw new DesignInputError(['areas', i], 'noProductFits', { system: 'cable', area: a.name, voltage });
  const notes: Explained[] = [];
  if (wanted === 'auto') notes.push(choice.reason);
  return { name: a.name, shape, netM2, flux: areaFlux, system, mats: system === 'mat' ? matOk : null, cable: system === 'cable' ? cable : null, choice, notes };
}

/** The sentences that say how an area's mats or cable were laid: its heat balance, its layout, its whole-area density. */
function layoutNotes(a: Area, voltage: number, watts: number, whole: number, fraction: number): Explained[] {
  const notes: Explained[] = [];
  const design = a.flux.designWm2;
  if (a.flux.method === 'heat-balance')
    notes.push(
      explain('areaHeatBalance', {
        area: a.name,
        length: r2(characteristicLength(a.shape.box, a.shape.areaM2)),
        evaporation: a.flux.evaporationWm2,
        convection: a.flux.convectionWm2,
        design,
      }),
    );
  if (a.system === 'mat') {
    const m = a.mats!;
    notes.push(
      explain('areaMats', {
        count: m.heaters.length,
        width: m.stripWidthM,
        axis: m.axis === 'x' ? 'width' : 'length',
        covered: r2(m.coveredM2),
        areaM2: r2(a.shape.areaM2),
        coverage: r1((m.coveredM2 / a.shape.areaM2) * 100),
        watts: r1(m.watts),
        voltage,
        density: r1(m.densityWm2),
      }),
    );
  } else {
    const c = a.cable!;
    notes.push(explain('areaCableHeated', { areaM2: r2(a.shape.areaM2), exclusions: a.shape.exclusions.length, heated: r2(c.heatedM2) }));
    notes.push(
      explain('areaCableSpacingWhole', {
        wpm: r1(c.wattsPerM),
        target: r1(c.targetWm2),
        design,
        net: r2(a.netM2),
        raw: r1(c.rawSpacingM * 1000),
        spacing: r1(c.spacingM * 1000),
        heated: r2(c.heatedM2),
        needed: r1(c.neededM),
      }),
    );
    notes.push(
      explain('areaCableReels', {
        reels: c.reels.map((r) => r.product.sku).join(' + '),
        length: r1(c.lengthM),
        heated: r2(c.heatedM2),
        actual: r1(c.actualSpacingM * 1000),
        wpm: r1(c.wattsPerM),
        density: r1(c.densityWm2),
      }),
    );
    if (c.spacingM <= c.limitSpacingM + 1e-9 && c.rawSpacingM < c.limitSpacingM) notes.push(explain('areaCableLimit', { spacing: r1(c.limitSpacingM * 1000) }));
  }
  notes.push(explain('areaWhole', { area: a.name, watts: r1(watts), net: r2(a.netM2), whole: r1(whole), fraction: r1(fraction * 100) }));
  if (whole < design - 0.05) notes.push(explain('areaWholeShort', { voltage, system: a.system, whole: r1(whole), short: r1(design - whole), design }));
  return notes;
}

/** The heaters of an area as circuit units, named A1-M1, A1-C1… */
const unitsOf = (a: Area, i: number): HeatingUnit[] =>
  (a.system === 'mat' ? a.mats!.heaters : a.cable!.reels).map((heater, j) => ({ unit: `A${i + 1}-${a.system === 'mat' ? 'M' : 'C'}${j + 1}`, area: a.name, heater }));

/** An area as the result gives it: its figures, its mats or drawn cable, and its notes. */
function areaResultOf(a: Area, voltage: number, draw: boolean): AreaResult {
  const heatersOfArea = a.system === 'mat' ? a.mats!.heaters : a.cable!.reels;
  const watts = heatersOfArea.reduce((s, h) => s + h.watts, 0);
  const heated = a.system === 'mat' ? a.mats!.coveredM2 : a.cable!.heatedM2;
  const density = heated > 0 ? watts / heated : 0;
  const whole = a.netM2 > 0 ? watts / a.netM2 : 0;
  const fraction = a.netM2 > 0 ? heated / a.netM2 : 0;
  a.notes.push(...layoutNotes(a, voltage, watts, whole, fraction));
  const drawn = a.cable && draw ? drawnSerpentine(a.shape, a.cable.actualSpacingM) : { path: [], breaks: [] };
  if (drawn.drawnSpacingMm !== undefined) a.notes.push(explain('areaCableDrawnWider', { drawn: drawn.drawnSpacingMm, actual: r1(a.cable!.actualSpacingM * 1000) }));
  return {
    name: a.name,
    polygon: a.shape.polygon,
    exclusions: a.shape.exclusions,
    areaM2: r2(a.shape.areaM2),
    system: a.system,
    heatedAreaM2: r2(heated),
    coveragePct: r1((heated / a.shape.areaM2) * 100),
    densityWm2: r1(density),
    heatFlux: a.flux,
    heatedFraction: Math.round(fraction * 1000) / 1000,
    wholeAreaDensityWm2: r1(whole),
    watts: r2(watts),
    amps: r2(watts / voltage),
    mats: a.mats?.placements ?? [],
    cable: a.cable
      ? {
          products: a.cable.reels.map((r) => ({ productId: r.product.id, sku: r.product.sku, lengthM: r.lengthM })),
          lengthM: r2(a.cable.lengthM),
          spacingMm: r1(a.cable.actualSpacingM * 1000),
          ...drawn,
        }
      : null,
    notes: a.notes,
  };
}

/** What running the system costs: the electricity price (typed, or the province's) and the season's hours of the city's climate. */
function runningCostOf(input: DesignInputParsed, city: City | undefined, totalWatts: number) {
  const province = input.province ?? city?.province ?? null;
  const known = province ? electricityPrice(province) : undefined;
  const price =
    input.electricityCentsPerKwh !== undefined
      ? { province, centsPerKwh: input.electricityCentsPerKwh, source: 'Typed by the user', date: '' }
      : known
        ? { province, centsPerKwh: known.centsPerKwh, source: `${known.source} (${known.note})`, date: known.date }
        : null;
  // NBC 2020 climate of a Canadian city: for the season hours and the controller note only, never the heat flux.
  const climate = city ? climateOf(city.id) : undefined;
  const cost = runningCost(totalWatts, province, price, city && climate ? { cityId: city.id, city: city.name, climate } : null);
  return { province, price, climate, cost };
}
type Cost = ReturnType<typeof runningCostOf>;

/** The control (asked, or recommended), its controller's relay, the circuits the units go on and the bill of materials. */
function circuitsAndBom(input: DesignInputParsed, catalogue: readonly DesignProduct[], areas: Area[], units: HeatingUnit[], sizes: number[], cost: Cost['cost']) {
  const snowClass = classOfRatio(input.snowFreeRatio);
  const control = input.control ?? recommendControl(catalogue, snowClass, cost)?.control ?? 'manual';
  const controller = cheapest(catalogue, (p) => roleOf(p) === 'controller' && controllerType(p) === CONTROLLER_FOR[control]);
  const relayAmps = controller?.currentA ?? DEFAULT_RELAY_A;
  const plan = planCircuits(units, input.voltage, sizes, relayAmps);
  const bom = buildBom(
    catalogue,
    areas.map((a) => ({ name: a.name, heaters: a.system === 'mat' ? a.mats!.heaters : a.cable!.reels, cableHeatedM2: a.system === 'cable' ? a.cable!.heatedM2 : null })),
    plan.circuits,
    control,
  );
  return { control, relayAmps, plan, bom };
}
type Wiring = ReturnType<typeof circuitsAndBom>;

/** The design's steps in sentences: weather and heat balance, heaters, areas, control, circuits, bill, season and running cost. */
function explanationOf(input: DesignInputParsed, city: City | undefined, flux: HeatFlux, { mats, cables }: Heaters, areaResults: AreaResult[], { control, relayAmps, plan, bom }: Wiring, priceCents: number, { province, price, climate, cost }: Cost): Explained[] {
  const design = flux.designWm2;
  const voltage = input.voltage;
  const explanation: Explained[] = [];
  if (flux.method === 'heat-balance' && flux.weather) {
    const w = { snowfall: flux.weather.snowfallMmPerHour, airTemp: flux.weather.airTempC, wind: flux.weather.windMs, humidity: flux.weather.humidityPct };
    explanation.push(input.weather || !city ? explain('stepWeatherTyped', w) : explain('stepWeatherCity', { ...w, city: city.name, source: city.weatherSource ?? '' }));
    explanation.push(
      explain('stepHeatBalance', {
        sensible: flux.sensibleWm2,
        melting: flux.meltingWm2,
        ratio: flux.snowFreeRatio,
        evaporation: flux.evaporationWm2,
        convection: flux.convectionWm2,
        surface: flux.surfaceWm2,
        backLoss: flux.backLossPct,
        design,
      }),
    );
  } else explanation.push(explain('stepClassDensity', { density: design }));
  explanation.push(explain('stepVoltageRated', { voltage, mats: mats.length, cables: cables.length }));
  if (input.surface) explanation.push(explain('stepSurface', { surface: input.surface, depth: EMBEDMENT[input.surface] }));
  for (const a of areaResults)
    explanation.push(
      explain('stepArea', { area: a.name, areaM2: a.areaM2, system: a.system, heated: a.heatedAreaM2, coverage: a.coveragePct, watts: a.watts, amps: a.amps, density: a.densityWm2 }),
    );
  explanation.push(explain('stepControl', { control, controlName: CONTROL_NAMES[control], relay: relayAmps }));
  explanation.push(explain('stepCircuits', { count: plan.circuits.length, binAmps: plan.binAmps, maxBreaker: plan.maxBreaker }));
  explanation.push(explain('stepBom', { lines: bom.lines.length, price: dollars(priceCents), priceCents }));
  const basis = cost.seasonBasis;
  explanation.push(
    basis && climate
      ? explain('stepSeasonHoursCity', {
          city: basis.city,
          notRain: basis.notRainMm,
          reference: basis.referenceMm,
          light: cost.seasons.light,
          average: cost.seasons.average,
          total: climate.annualPrecipitationMm,
          rain: climate.annualRainMm,
          source: basis.source,
        })
      : explain('stepSeasonHoursUnscaled', { city: city?.name ?? 'this site' }),
  );
  explanation.push(
    price
      ? explain('stepRunningCost', { kw: cost.kw, light: cost.seasons.light, average: cost.seasons.average, cents: price.centsPerKwh })
      : explain('stepRunningCostUnknown', { kw: cost.kw, light: cost.seasons.light, average: cost.seasons.average, province: province ?? '—' }),
  );
  if (city && climate)
    explanation.push(explain('stepControllerCold', { city: city.name, jan25: climate.januaryDesign25C, jan1: climate.januaryDesign1C, source: CLIMATE_SOURCE }));
  return explanation;
}

/**
 * The design without its recommendations: the engine proper. `draw: false` leaves the cable serpentines out
 * (empty paths), for the alternatives the recommendations only count.
 */
function designCore(input: DesignInputParsed, catalogue: readonly DesignProduct[], draw = true): CoreDesign {
  const { city, weather } = siteOf(input);
  const voltage = input.voltage;
  const heaters = heatersOf(catalogue, voltage);

  const shapes = input.areas.map(shapeOf);
  // One project's drawing and schedule stay a size a phone shows and the server computes in well under a second.
  if (shapes.reduce((sum, sh) => sum + sh.areaM2, 0) > MAX_AREA_M2) throw new DesignInputError(['areas'], 'projectTooLarge');
  const fluxes = areaFluxes(input, shapes, weather);
  // The result's heat flux is the governing area's: the highest design flux (the first area on a tie).
  const flux = fluxes.reduce((a, b) => (b.designWm2 > a.designWm2 ? b : a));
  // Each area net of its exclusions: what its whole-area density is taken over.
  const nets = shapes.map((sh) => (sh.exclusions.length > 0 ? freeArea(sh.polygon, sh.exclusions, 0, 0) : sh.areaM2));
  const areas = shapes.map((shape, i) => layAreaOut(input, i, shape, nets[i]!, fluxes[i]!, heaters));

  const units = areas.flatMap(unitsOf);
  const areaResults = areas.map((a) => areaResultOf(a, voltage, draw));
  const totalWatts = r2(units.reduce((s, u) => s + u.heater.watts, 0));
  const cost = runningCostOf(input, city, totalWatts);
  const wiring = circuitsAndBom(input, catalogue, areas, units, heaters.sizes, cost.cost);
  const { plan, bom, relayAmps } = wiring;
  bom.tapeNotes.forEach((note, i) => areaResults[i]!.notes.push(...(note ? [note] : [])));
  const priceCents = bom.lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const heatedTotal = areaResults.reduce((s, a) => s + a.heatedAreaM2, 0);

  const checks = designChecks({
    areas: areaResults,
    circuits: plan.circuits,
    neededBreakers: plan.neededBreakers,
    hasBreakers: heaters.breakers.size > 0,
    totalAmps: r2(totalWatts / voltage),
    voltage,
    serviceAmps: input.serviceAmps ?? null,
    residential: classOfRatio(input.snowFreeRatio) === 'residential',
    relayAmps,
    contactorPanels: bom.contactorPanels,
    missing: bom.missing,
  });

  return {
    result: {
      heatFlux: flux,
      voltage,
      areas: areaResults,
      circuits: plan.circuits,
      bom: bom.lines,
      totals: { watts: totalWatts, amps: r2(totalWatts / voltage), areaM2: r2(areaResults.reduce((s, a) => s + a.areaM2, 0)), heatedAreaM2: r2(heatedTotal), priceCents },
      runningCost: cost.cost,
      checks,
      explanation: explanationOf(input, city, flux, heaters, areaResults, wiring, priceCents, cost),
    },
    choices: areas.map((a) => a.choice),
    control: wiring.control,
    classMethod: input.classDensityWm2 !== undefined && !weather,
  };
}

/**
 * Designs a snowmelt system: the design heat flux, the mats or cable of each area from the catalogue, the
 * circuits, the bill of materials, the running cost, the code checks and the recommendations. Pure and
 * deterministic: the same input and catalogue give the same result. Throws DesignInputError for input only
 * the engine can judge.
 */
export function calculateDesign(input: DesignInputParsed, catalogue: DesignProduct[]): DesignResult {
  const core = designCore(input, catalogue);
  const rerun = (other: DesignInputParsed) => {
    try {
      return { design: designCore(other, catalogue, false) };
    } catch (error) {
      if (error instanceof DesignInputError) return { error };
      throw error;
    }
  };
  const recommendations = designRecommendations(input, catalogue, core, rerun);
  return { ...core.result, recommendations };
}
