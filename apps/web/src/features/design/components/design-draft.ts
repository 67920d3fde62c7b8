import { CLASS_DENSITIES } from '@meltway/shared/design/cities';
import type { DesignArea, DesignInput, Exclusion, Point } from '@meltway/shared/design/design.schema';
import { SNOW_CLASSES, type CONTROLS, type SERVICE_SIZES, type SURFACES, type SYSTEMS, type VOLTAGES } from '@meltway/shared/design/options';
import type { LengthUnit } from './units';

/**
 * What the page edits: the design input plus the choices that only shape how it is typed (units, where
 * the design weather comes from, the class picked). Lengths are metres. Numbers the reader has emptied
 * are NaN, so the shared schema names the field rather than the form guessing a value.
 */
export type WeatherSource = 'city' | 'typed' | 'class';
export type ClassChoice = (typeof SNOW_CLASSES)[number] | 'custom';
export type AreaShape = 'rect' | 'polygon';
/** The service sizes the page offers, and `none` for a reader who does not know it. */
export const SERVICE_CHOICES = ['none', '100', '200'] as const;
type ServiceChoice = (typeof SERVICE_CHOICES)[number];

export type AreaDraft = {
  name: string;
  shape: AreaShape;
  widthM: number;
  lengthM: number;
  /** The drawn outline, kept when the reader switches to typed dimensions and back. */
  polygon: Point[];
  exclusions: Exclusion[];
};

export type DesignDraft = {
  unit: LengthUnit;
  city: string;
  weatherSource: WeatherSource;
  weather: { snowfallMmPerHour: number; airTempC: number; windMs: number; humidityPct: number };
  classDensityWm2: number;
  snowClass: ClassChoice;
  snowFreeRatio: number;
  backLossPct: number;
  voltage: (typeof VOLTAGES)[number];
  system: (typeof SYSTEMS)[number];
  surface: (typeof SURFACES)[number];
  /** `auto`: the controller the engine recommends for the class. */
  control: (typeof CONTROLS)[number] | 'auto';
  electricityCentsPerKwh: number;
  /** The size of the electrical service, or `none` when the reader does not know it. */
  serviceAmps: ServiceChoice;
  areas: AreaDraft[];
};

/** The starting point: a residential design at 240 V, the class density filled in until a city with design weather is chosen. */
export const EMPTY_DRAFT: DesignDraft = {
  unit: 'm',
  city: '',
  weatherSource: 'class',
  weather: { snowfallMmPerHour: NaN, airTempC: NaN, windMs: NaN, humidityPct: NaN },
  classDensityWm2: CLASS_DENSITIES.residential.typicalWm2,
  snowClass: 'residential',
  snowFreeRatio: CLASS_DENSITIES.residential.snowFreeRatio,
  backLossPct: 20,
  voltage: 240,
  system: 'auto',
  surface: 'concrete',
  control: 'auto',
  electricityCentsPerKwh: NaN,
  serviceAmps: 'none',
  areas: [],
};

/** The draft with each number the reader may leave empty passed through `f`. */
const mapEmptiable = <From, To>(draft: DesignDraft, f: (value: From) => To): DesignDraft => {
  const g = f as unknown as (value: number) => number;
  return {
    ...draft,
    weather: {
      snowfallMmPerHour: g(draft.weather.snowfallMmPerHour),
      airTempC: g(draft.weather.airTempC),
      windMs: g(draft.weather.windMs),
      humidityPct: g(draft.weather.humidityPct),
    },
    classDensityWm2: g(draft.classDensityWm2),
    snowFreeRatio: g(draft.snowFreeRatio),
    backLossPct: g(draft.backLossPct),
    electricityCentsPerKwh: g(draft.electricityCentsPerKwh),
  };
};

/**
 * The draft as the form starts with it, and back. The form leaves an empty number field undefined, so the field
 * starts empty (a browser refuses "NaN" as a number field's value and says so); the draft names it NaN again.
 */
export const toFormValues = (draft: DesignDraft) => mapEmptiable(draft, (value: number) => (Number.isNaN(value) ? undefined : value));
export const fromFormValues = (values: DesignDraft) => mapEmptiable(values, (value: number | undefined) => value ?? NaN);

/** The kinds of area offered when adding one, each with a typical size to start from. */
export const AREA_PRESETS = {
  driveway: { widthM: 6, lengthM: 12 },
  walkway: { widthM: 1.2, lengthM: 10 },
  stairs: { widthM: 1.2, lengthM: 3 },
  patio: { widthM: 4, lengthM: 5 },
  ramp: { widthM: 1.5, lengthM: 6 },
} as const;
export type AreaPreset = keyof typeof AREA_PRESETS;

/** A rectangle's corners from (0, 0), clockwise on screen. */
export const rectangleCorners = (widthM: number, lengthM: number): Point[] => [
  [0, 0],
  [widthM, 0],
  [widthM, lengthM],
  [0, lengthM],
];

/** The width and length of the box around a drawn outline. */
export function sides(polygon: Point[]): { widthM: number; lengthM: number } {
  const xs = polygon.map(([x]) => x);
  const ys = polygon.map(([, y]) => y);
  return { widthM: Math.max(...xs) - Math.min(...xs), lengthM: Math.max(...ys) - Math.min(...ys) };
}

export function newArea(name: string, preset: AreaPreset): AreaDraft {
  const { widthM, lengthM } = AREA_PRESETS[preset];
  return { name, shape: 'rect', widthM, lengthM, polygon: rectangleCorners(widthM, lengthM), exclusions: [] };
}

const given = (value: number) => (Number.isFinite(value) ? value : undefined);

function toArea(area: AreaDraft): DesignArea {
  const exclusions = area.exclusions.length ? area.exclusions : undefined;
  return area.shape === 'rect'
    ? { name: area.name, widthM: area.widthM, lengthM: area.lengthM, exclusions }
    : { name: area.name, polygon: area.polygon, exclusions };
}

/** The engine's input for the draft: only what the reader's choices make relevant is sent. */
export function toDesignInput(draft: DesignDraft): DesignInput {
  return {
    city: draft.city || undefined,
    weather: draft.weatherSource === 'typed' ? { ...draft.weather } : undefined,
    classDensityWm2: draft.weatherSource === 'class' ? draft.classDensityWm2 : undefined,
    snowFreeRatio: draft.snowClass === 'custom' ? draft.snowFreeRatio : CLASS_DENSITIES[draft.snowClass].snowFreeRatio,
    backLossPct: draft.backLossPct,
    voltage: draft.voltage,
    system: draft.system,
    surface: draft.surface,
    control: draft.control === 'auto' ? undefined : draft.control,
    electricityCentsPerKwh: given(draft.electricityCentsPerKwh),
    serviceAmps: draft.serviceAmps === 'none' ? undefined : (Number(draft.serviceAmps) as (typeof SERVICE_SIZES)[number]),
    areas: draft.areas.map(toArea),
  };
}

/** The draft of a saved design (a project opened again to change it); what the input leaves out takes the defaults. */
export function fromDesignInput(input: DesignInput): DesignDraft {
  const preset = SNOW_CLASSES.find((c) => CLASS_DENSITIES[c].snowFreeRatio === input.snowFreeRatio);
  const areas = input.areas.map((area): AreaDraft => {
    const exclusions = area.exclusions ?? [];
    if ('polygon' in area) return { name: area.name, shape: 'polygon', ...sides(area.polygon), polygon: area.polygon, exclusions };
    return { name: area.name, shape: 'rect', widthM: area.widthM, lengthM: area.lengthM, polygon: rectangleCorners(area.widthM, area.lengthM), exclusions };
  });
  return {
    ...EMPTY_DRAFT,
    city: input.city ?? '',
    weatherSource: input.weather ? 'typed' : input.classDensityWm2 !== undefined ? 'class' : 'city',
    weather: input.weather ?? EMPTY_DRAFT.weather,
    classDensityWm2: input.classDensityWm2 ?? EMPTY_DRAFT.classDensityWm2,
    snowClass: preset ?? 'custom',
    snowFreeRatio: input.snowFreeRatio,
    backLossPct: input.backLossPct ?? EMPTY_DRAFT.backLossPct,
    voltage: input.voltage,
    system: input.system ?? EMPTY_DRAFT.system,
    surface: input.surface ?? EMPTY_DRAFT.surface,
    control: input.control ?? 'auto',
    electricityCentsPerKwh: input.electricityCentsPerKwh ?? NaN,
    serviceAmps: input.serviceAmps ? (String(input.serviceAmps) as ServiceChoice) : 'none',
    areas,
  };
}

/** Where the unsaved design waits, so a visitor who signs in to save it comes back to it (read back by `stored-draft.ts`). */
export const DRAFT_KEY = 'meltway.design.draft';

/** The stored draft as it was written, or null: none, or storage refused. */
export function storedDraftText(): string | null {
  try {
    return localStorage.getItem(DRAFT_KEY);
  } catch {
    return null;
  }
}

export function saveDraft(draft: DesignDraft) {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage refused (private modes): the design stays on the page, it is only not kept for later.
  }
}

/**
 * The form field an issue of the engine's input belongs to (`areas.1.widthM`, `weather.airTempC`, `voltage`),
 * from its path; a problem of an area as a whole (`areas.1`) stays with that area.
 */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [head, second, third] = path.map(String);
  if (head === 'areas' && second !== undefined) {
    return third && ['name', 'widthM', 'lengthM', 'polygon', 'exclusions'].includes(third) ? `areas.${second}.${third}` : `areas.${second}`;
  }
  if (head === 'weather' && second) return `weather.${second}`;
  if (head === 'province') return 'city';
  return head ?? '';
}
