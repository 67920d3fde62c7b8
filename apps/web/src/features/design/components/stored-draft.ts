import { z } from 'zod';
import { CONTROLS, EXCLUSION_KINDS, SNOW_CLASSES, SURFACES, SYSTEMS, VOLTAGES } from '@meltway/shared/design/options';
import { SERVICE_CHOICES } from './design-draft';
import { EMPTY_DRAFT, storedDraftText, type DesignDraft } from './design-draft';

/*
 * Reading a stored draft back needs the validation library, which the generator's first screen does without:
 * the page loads this module only when storage holds a draft.
 */

// Storage turns NaN into null; a stored draft is read back field by field, each falling back to its default.
const num = (fallback: number) => z.number().nullable().transform((v) => v ?? NaN).catch(fallback);
const StoredArea = z.object({
  name: z.string().max(60),
  shape: z.enum(['rect', 'polygon']),
  widthM: num(NaN),
  lengthM: num(NaN),
  polygon: z.array(z.tuple([z.number(), z.number()])).max(100),
  exclusions: z
    .array(z.object({ kind: z.enum(EXCLUSION_KINDS), x: z.number(), y: z.number(), widthM: z.number(), lengthM: z.number() }))
    .max(50),
});
const StoredDraft = z.object({
  unit: z.enum(['m', 'ft']).catch(EMPTY_DRAFT.unit),
  city: z.string().max(60).catch(''),
  weatherSource: z.enum(['city', 'typed', 'class']).catch(EMPTY_DRAFT.weatherSource),
  weather: z
    .object({ snowfallMmPerHour: num(NaN), airTempC: num(NaN), windMs: num(NaN), humidityPct: num(NaN) })
    .catch(EMPTY_DRAFT.weather),
  classDensityWm2: num(EMPTY_DRAFT.classDensityWm2),
  snowClass: z.enum([...SNOW_CLASSES, 'custom']).catch(EMPTY_DRAFT.snowClass),
  snowFreeRatio: num(EMPTY_DRAFT.snowFreeRatio),
  backLossPct: num(EMPTY_DRAFT.backLossPct),
  voltage: z.union(VOLTAGES.map((v) => z.literal(v))).catch(EMPTY_DRAFT.voltage),
  system: z.enum(SYSTEMS).catch(EMPTY_DRAFT.system),
  surface: z.enum(SURFACES).catch(EMPTY_DRAFT.surface),
  control: z.enum([...CONTROLS, 'auto']).catch(EMPTY_DRAFT.control),
  electricityCentsPerKwh: num(NaN),
  serviceAmps: z.enum(SERVICE_CHOICES).catch(EMPTY_DRAFT.serviceAmps),
  areas: z.array(StoredArea).max(20).catch([]),
});

/** The draft kept in storage, read back field by field; EMPTY_DRAFT when there is none or it cannot be read. */
export function loadDraft(): DesignDraft {
  try {
    const raw = storedDraftText();
    if (!raw) return EMPTY_DRAFT;
    const parsed = StoredDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}
