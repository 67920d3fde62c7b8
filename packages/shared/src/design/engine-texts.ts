import type { Control, Explained, SURFACES } from './design.schema.js';
import { ENGINE_TEXTS_FR, ENGINE_WORDS_FR, type EngineWordParam } from './engine-texts-fr.js';
import { designMessages } from './messages.js';

type Surface = (typeof SURFACES)[number];

/**
 * Every sentence the engine writes, by stable code, in English with `{param}` placeholders; `text` in a result
 * is the English filled in here. Their French is `ENGINE_TEXTS_FR`, by the same codes; `engineSentence` writes
 * either the reader's way. Rename a code only with its translation.
 */
export const ENGINE_TEXTS = {
  // Steps of the calculation
  stepWeatherTyped: 'Design weather typed in: snowfall {snowfall} mm/h of water, air {airTemp} °C, wind {wind} m/s, relative humidity {humidity}%',
  stepWeatherCity: 'Design weather of {city}: snowfall {snowfall} mm/h of water, air {airTemp} °C, wind {wind} m/s, relative humidity {humidity}% ({source})',
  stepClassDensity: 'No design weather: the design density is the class density chosen, {density} W/m² (residential 300-400, commercial 400-500, critical 500-650 W/m²)',
  stepHeatBalance:
    'ASHRAE heat balance: q_o = q_s + q_m + A_r(q_e + q_h) = {sensible} + {melting} + {ratio} × ({evaporation} + {convection}) = {surface} W/m²; with {backLoss}% for back and edge losses the design density is {design} W/m²',
  stepVoltage:
    'At {voltage} V: a product rated V_r is used from 0.8·V_r to 1.2·V_r and re-rated P = P_r·(V/V_r)², I = P/V; {mats} mats and {cables} cables of the catalogue qualify',
  stepArea: '{area}: {areaM2} m², {system}, {heated} m² heated ({coverage}% of the area), {watts} W, {amps} A, {density} W/m²',
  stepCircuits:
    'Circuits: {count}; the mats and reels grouped first-fit decreasing into circuits of at most {binAmps} A (80% of a {maxBreaker} A breaker), then each circuit on the smallest GFEP breaker whose 80% carries its load',
  stepSurface: 'Embedment in {surface}: {depth}',
  stepControl: 'Control: {controlName}; the controller relay carries {relay} A',
  stepBom: 'Bill of materials from the live catalogue: {price} in all (lines: {lines})',
  stepRunningCost: 'Running cost: {kw} kW × full-load hours (light season {light} h, average {average} h on a snow sensor) × {cents} ¢/kWh',
  stepRunningCostUnknown: 'Running cost: {kw} kW × full-load hours (light season {light} h, average {average} h on a snow sensor); no electricity price is known for {province}',

  // Notes of an area
  areaMats: 'Mats: {count}, in strips {width} m wide along the {axis}: {covered} m² of {areaM2} m² covered ({coverage}%); {watts} W at {voltage} V, {density} W/m² of mat',
  areaCableSpacing:
    'Cable spacing s = {wpm} W/m ÷ {design} W/m² = {raw} mm, kept within 25-102 mm: {spacing} mm; needed length = {heated} m² ÷ {spacing} mm = {needed} m',
  areaCableReels: 'Reels {reels}: {length} m in all; actual spacing = {heated} m² ÷ {length} m = {actual} mm; density = {wpm} W/m ÷ {actual} mm = {density} W/m²',
  areaCableHeated: 'Heated area = {areaM2} m² less the 100 mm edge band and the 100 mm clearance around the exclusions ({exclusions}) = {heated} m²',
  areaAutoMat: '{area}: mats, since at {voltage} V they give {matDensity} W/m² for a design of {design} W/m² and cover {coverage}% of this rectangle (80% or more needed)',
  areaAutoMatOnly: '{area}: mats, the only heating of the catalogue that fits here: {matDensity} W/m² at {voltage} V for a design of {design} W/m², over {coverage}% of the area',
  areaAutoCableDensity: '{area}: cable, since mats give {matDensity} W/m² at {voltage} V, less than the design {design} W/m²; cable reaches it by its spacing',
  areaAutoCableCoverage: '{area}: cable, since mats would cover only {coverage}% of this area (80% needed); cable follows any shape',
  areaAutoCableShape: '{area}: cable, since mats are proposed for rectangles only and this is a drawn shape; cable follows any shape',
  areaAutoCableNoMat: '{area}: cable, since no mat of the catalogue fits this area at {voltage} V',
  areaDensityShort: 'At {voltage} V this {system} gives {density} W/m², less than the design {design} W/m²',
  areaCableLimit: 'The closest spacing allowed here is {spacing} mm, to stay within 25 mm and 1,300 W/m²',

  // Bill of materials
  bomTape: '{area}: strapping across the cable runs every {every} m (our assumption): {heated} m² ÷ {every} m = {length} m, in rolls of {roll} m: {rolls}',
  bomTapeRoll: '{area}: one roll of mounting tape (the catalogue does not give its length)',

  // Checks: titles, then details
  ruleMaxDensity: 'Density at most 1,300 W/m²',
  ruleBreaker: 'Circuit load at most 80% of its breaker',
  ruleGfep: '30 mA GFEP breaker on every circuit',
  ruleBreakerSize: 'Breaker size available',
  ruleNoCut: 'No mat or cable cut',
  ruleSpacing: 'Cable spacing from 25 mm to 102 mm',
  ruleClearance: 'Clearances kept',
  ruleContactor: 'Contactor beyond the controller relay',
  ruleSign: 'Warning sign per area',
  ruleDesignDensity: 'Design density reached',
  ruleCatalogue: 'Every item in the catalogue',
  checkMaxDensity: '{area}: {density} W/m², within 1,300 W/m²',
  checkBreaker: 'Circuit {circuit}: {load} A on a {breaker} A breaker carries at most {max} A',
  checkGfep: 'Circuit {circuit}: a {breaker} A, 30 mA GFEP breaker',
  checkBreakerSizeOk: 'Every breaker size needed is in the catalogue',
  checkBreakerSizeMissing: 'Circuit {circuit} needs a {needed} A GFEP breaker; the catalogue has none, so the {used} A one is listed',
  checkBreakerNone: 'Circuit {circuit} needs a {needed} A GFEP breaker and the catalogue has no GFEP breaker',
  checkNoCut: 'Mats and cable reels: {count}, each used whole at its catalogue size',
  checkSpacing: '{area}: {spacing} mm',
  checkSpacingOut: '{area}: {spacing} mm is outside 25-102 mm',
  checkClearanceMats: '{area}: mats stay inside the area and at least 100 mm from the exclusions ({exclusions})',
  checkClearanceCable: '{area}: cable stays 100 mm from the edges and from the exclusions ({exclusions})',
  checkContactorNone: 'Load {load} A, within the controller relay ({relay} A): no contactor needed',
  checkContactor: 'Circuits beyond the controller relay ({relay} A): {circuits}, switched by contactor panels: {panels}',
  checkContactorMissing: 'Circuits beyond the controller relay ({relay} A): {circuits}; they need a contactor panel and the catalogue has none',
  checkSign: '{area}: one "Electrically heated surface" warning sign',
  checkSignMissing: '{area}: the catalogue has no warning sign',
  checkDesignDensity: '{area}: {density} W/m² for a design density of {design} W/m²',
  checkDesignDensityShort: '{area}: {density} W/m², less than the design density of {design} W/m²',
  checkCatalogueOk: 'Every item of the design is in the catalogue',
  checkCatalogueMissing: 'Not in the catalogue: {missing}',

  // Running cost, by control
  costSensor: 'A snow sensor runs the system only while it snows and until the surface is clear: 1× the season’s full-load hours',
  costAmbient: 'An ambient thermostat runs whenever it is cold: 2 to 10 times a snow sensor’s hours, since freezing hours outnumber snowfall hours',
  costManual: 'Assumption: a manual timer is started when it snows and runs its set time after the snow stops: 1 to 2 times a snow sensor’s hours',

  // Recommendations
  recControl: 'Controller: {controlName}, the lowest running cost that suits a {class} design ({average} for an average season); its parts cost {price}',
  recControlNone: 'No controller of the catalogue suits a {class} design',
  recVoltage: 'At {voltage} V: {density} W/m², {amps} A in all, circuits: {circuits}, on breakers of {breakers} A',
  recVoltageUnsupported: 'At {voltage} V no mat or cable of the catalogue qualifies: products rated V_r are used from 0.8·V_r to 1.2·V_r only (240 V products serve 208, 240 and 277 V, not 120 or 347 V)',
  recVoltageRefused: 'At {voltage} V the design is refused: {reason}',
  recClass: 'As a {class} design: {design} W/m² and {price}',
  recClassRefused: 'As a {class} design: refused, {reason}',
  recStock: '{name}: {quantity} needed, {stock} in stock; order ahead or expect a delay',
} as const;

export type EngineTextCode = keyof typeof ENGINE_TEXTS;

/** Controls by their English names, for the English texts (`controlName`); the web names them by `control`. */
export const CONTROL_NAMES: Record<Control, string> = {
  manual: 'manual timer',
  ambient: 'ambient thermostat',
  aerial: 'aerial snow sensor',
  pavement: 'in-pavement snow sensor',
};

/** Embedment depth by surface (Meltway engineering facts), for the English texts (`depth`). */
export const EMBEDMENT: Record<Surface, string> = {
  concrete: '38-50 mm (1.5-2 in) below the surface',
  asphalt: '38-50 mm (1.5-2 in) below the surface',
  pavers: 'in the sand bed, at most 100 mm (4 in) below the surface',
};
export type EngineParams = Record<string, string | number>;

// Made on first use: a browser's first number format loads its locale data, some 40 ms of one task on a desktop,
// and the layout generator's first screen, which imports these texts, formats no number.
let number: Intl.NumberFormat | undefined;

/** A number or a string as the English text shows it. */
export const formatParam = (v: string | number) => (typeof v === 'number' ? (number ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })).format(v) : v);

/** Dollars as the English text shows them: $1,234.56. */
export const dollars = (cents: number) => `$${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100)}`;

/** Fills a template's `{name}` placeholders. */
export const fillText = (template: string, params: EngineParams) => template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? formatParam(params[name]!) : whole));

/** A sentence by its code, with its params and its English text. */
export function explain(code: EngineTextCode, params: EngineParams = {}): Explained {
  return { code, params, text: fillText(ENGINE_TEXTS[code], params) };
}

export type EngineLanguage = 'en' | 'fr';

/**
 * How a reader writes the params of a sentence: numbers, money (from cents), and optionally a design message
 * by its key, with params already written the reader's way and its English as the fallback.
 */
export interface EngineFormat {
  number: (value: number) => string;
  money: (cents: number) => string;
  message?: (key: keyof typeof designMessages, params: Record<string, string>, english: string) => string;
}

/** Params whose value is a word of the engine (`mat`, `residential`, `ambient`, `width`); the English is the word itself. */
const WORDS = new Set<string>(['system', 'class', 'control', 'axis', 'city', 'surface']);
/** Params the engine writes out in English from another param's word: translated by that word (`controlName` by `control`). */
const WRITTEN_FROM: Record<string, string> = { controlName: 'control', depth: 'surface' };

/** An English number as the engine writes it ("1,350.5"). */
const ENGLISH_NUMBER = /^-?\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^-?\d+(?:\.\d+)?$/;

/**
 * The values of a filled-in message, read back against its template: "{area}: the limit is…" gives `area`;
 * a value that is an English number comes back as a number, to be written the reader's way.
 */
export function readBack(template: string, text: string): EngineParams | null {
  const parts = template.split(/\{(\w+)\}/);
  const names = parts.filter((_, i) => i % 2 === 1);
  const pattern = parts.map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const match = new RegExp(`^${pattern}$`, 's').exec(text);
  if (!match) return null;
  return Object.fromEntries(
    names.map((name, i) => {
      const value = match[i + 1]!;
      return [name, ENGLISH_NUMBER.test(value) ? Number(value.replace(/,/g, '')) : value];
    }),
  );
}

/** The French of param `name` for the engine's word `key`, if known. */
function frenchWord(name: string, key: string): string | undefined {
  const words: Record<string, string> | undefined = ENGINE_WORDS_FR[name as EngineWordParam];
  return words && Object.hasOwn(words, key) ? words[key] : undefined;
}

/**
 * The params of a sentence written the reader's way: numbers by `format.number`, amounts that come with their
 * cents (`price` with `priceCents`) by `format.money`, the engine's words in `lang`, and a `reason` that is a
 * design message (`reasonCode`) through `format.message`, its values read back from the English.
 */
export function engineParams(params: EngineParams, lang: EngineLanguage, format: EngineFormat): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const cents = params[`${name}Cents`];
    const from = WRITTEN_FROM[name];
    const reasonKey = name === 'reason' && typeof params.reasonCode === 'string' ? params.reasonCode.replace(/^design\./, '') : undefined;
    if (typeof cents === 'number') out[name] = format.money(cents);
    else if (typeof value === 'number') out[name] = format.number(value);
    else if (reasonKey && format.message && Object.hasOwn(designMessages, reasonKey)) {
      const key = reasonKey as keyof typeof designMessages;
      out[name] = format.message(key, engineParams(readBack(designMessages[key], value) ?? {}, lang, format), value);
    } else if (lang === 'fr' && WORDS.has(name)) out[name] = frenchWord(name, value) ?? value;
    else if (lang === 'fr' && from && typeof params[from] === 'string') out[name] = frenchWord(name, params[from]) ?? value;
    else out[name] = value;
  }
  return out;
}

/**
 * One of the engine's sentences in `lang`, from its code's template with its params written the reader's way
 * (`engineParams`); the engine's English `text` when the code is newer than the templates.
 */
export function engineSentence(sentence: Pick<Explained, 'code' | 'params' | 'text'>, lang: EngineLanguage, format: EngineFormat): string {
  const templates: Record<string, string> = lang === 'fr' ? ENGINE_TEXTS_FR : ENGINE_TEXTS;
  if (!Object.hasOwn(templates, sentence.code)) return sentence.text;
  return fillText(templates[sentence.code]!, engineParams(sentence.params, lang, format));
}
