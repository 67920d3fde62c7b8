import { z } from 'zod';
import { PRODUCT_FAMILIES } from '../catalogue/limits.js';
import { int, multilineText, text } from '../common/fields.js';
import { frenchText } from '../common/french.js';
import { listQuery } from '../common/paging.js';
import { installersMessages as m } from './messages.js';
import { canadianPostalCode } from './postal-code.js';

/** The service radius an installer may give, in whole km. */
export const RADIUS_KM = { min: 10, max: 300 } as const;
/** The most new jobs a month a profile may say it takes: more than any one crew lays. */
const MAX_CAPACITY_PER_MONTH = 1000;

const family = z.enum(PRODUCT_FAMILIES, { error: m.productFamiliesInvalid });

/** PUT /api/v1/installer-profile: the contractor's own profile, all of it at once. */
export const InstallerProfileInput = z.object({
  companyName: text({ error: m.companyNameRequired }).min(1, m.companyNameRequired).max(200, m.companyNameTooLong),
  descriptionEn: multilineText({ error: m.descriptionRequired }).min(1, m.descriptionRequired).max(500, m.descriptionTooLong),
  /** Blank: the English description serves on French pages. */
  descriptionFr: frenchText(500, { multiline: true }),
  /** The base of the service area; it comes out as `A1A 1A1`. */
  postalCode: canadianPostalCode(),
  radiusKm: int({ min: RADIUS_KM.min, max: RADIUS_KM.max, message: m.radiusInvalid }),
  /** The families the installer works in, each once in PRODUCT_FAMILIES' order; none: all those it is certified for. */
  productFamilies: z
    .array(family, { error: m.productFamiliesInvalid })
    .transform((list) => PRODUCT_FAMILIES.filter((f) => list.includes(f)))
    .default([]),
  /** New jobs a month it takes on. */
  capacityPerMonth: int({ min: 1, max: MAX_CAPACITY_PER_MONTH, message: m.capacityInvalid }),
  /** Whether the public search lists it. */
  visible: z.boolean({ error: m.visibleInvalid }),
});
export type InstallerProfileInput = z.input<typeof InstallerProfileInput>;

/** The profile as GET and PUT answer it: the fields PUT takes, the postal code in its written form. */
export const InstallerProfileOut = z.object({
  companyName: z.string(),
  descriptionEn: z.string(),
  descriptionFr: z.string().nullable(),
  postalCode: z.string(),
  radiusKm: z.number().int(),
  productFamilies: z.array(z.enum(PRODUCT_FAMILIES)),
  capacityPerMonth: z.number().int(),
  visible: z.boolean(),
});
export type InstallerProfileOut = z.infer<typeof InstallerProfileOut>;

/** GET /api/v1/installer-profile: null until the contractor has saved one. */
export const InstallerProfileAnswer = InstallerProfileOut.nullable();

/** GET /api/v1/installers?postalCode=&family= */
export const InstallerSearchQuery = listQuery({
  postalCode: canadianPostalCode(),
  family: z.enum(PRODUCT_FAMILIES, { error: m.familyInvalid }).optional(),
});
export type InstallerSearchQuery = z.input<typeof InstallerSearchQuery>;

/** The credit the postal areas' data asks for wherever it is used (GeoNames, CC BY 4.0). */
export const POSTAL_AREAS_ATTRIBUTION = 'Postal area locations: GeoNames, CC BY 4.0';

export const InstallerOut = z.object({
  /** The installer profile's id. */
  id: z.uuid(),
  companyName: z.string(),
  /** Great-circle distance from the base of its area to the centroid of the postal code asked, in km to one decimal. */
  distanceKm: z.number(),
  /** Its valid certifications that qualify for the family asked; `validUntil` null where it does not expire. */
  certifications: z.array(z.object({ name: z.string(), validUntil: z.string().nullable() })),
  dealer: z.object({ id: z.uuid(), name: z.string() }),
});
export type InstallerOut = z.infer<typeof InstallerOut>;

export const InstallerSearchOut = z.object({
  /** Nearest first. */
  items: z.array(InstallerOut),
  /** POSTAL_AREAS_ATTRIBUTION: where the distances come from. */
  attribution: z.string(),
});
export type InstallerSearchOut = z.infer<typeof InstallerSearchOut>;
