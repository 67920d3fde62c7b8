import { z } from 'zod';
import { CartOut } from '../cart-checkout/cart.schema.js';
import { coercedInt, text } from '../common/fields.js';
import { listQuery, optionalPaging } from '../common/paging.js';
import { DesignInput, DesignResult, Explained } from './design.schema.js';
import { designMessages as m } from './messages.js';

/** A saved project goes designed → ordered → installed → inspected. */
export const PROJECT_STATUSES = ['designed', 'ordered', 'installed', 'inspected'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const READING_PHASES = ['before', 'after'] as const;

/** Readings and photos may change until the project is inspected: then they stay what the inspector saw. */
export const installationOpen = (status: ProjectStatus) => status !== 'inspected';

const projectName = text(m.designNameRequired).min(1, m.designNameRequired).max(120, m.designNameRequired);

/** The longest site address, owner, installer company or licence number a project keeps. */
export const SITE_FIELD_MAX = 200;

const siteField = (tooLong: string) => text(tooLong).max(SITE_FIELD_MAX, tooLong);

/**
 * Where the system goes, who owns the site (the homeowner or building owner) and who installs it: the permit pack
 * prints them, and says "not given" for a blank one.
 */
const siteFields = {
  siteAddress: siteField(m.siteAddressTooLong).optional(),
  siteOwner: siteField(m.siteOwnerTooLong).optional(),
  installerCompany: siteField(m.installerCompanyTooLong).optional(),
  installerLicence: siteField(m.installerLicenceTooLong).optional(),
};

/** POST /api/v1/designs. */
export const CreateDesignInput = z.object({ name: projectName, input: DesignInput, ...siteFields });
export type CreateDesignInput = z.input<typeof CreateDesignInput>;

/** PUT /api/v1/designs/:id: rename, change the design, share with the dealer, move the status. */
export const UpdateDesignInput = z.object({
  name: projectName.optional(),
  input: DesignInput.optional(),
  /** A contractor shares the project with its dealer. */
  shared: z.boolean().optional(),
  status: z.enum(PROJECT_STATUSES, { error: m.statusInvalid }).optional(),
  ...siteFields,
});
export type UpdateDesignInput = z.input<typeof UpdateDesignInput>;

/**
 * POST /api/v1/designs/:id/cart. Without `partial` the whole bill of materials goes in or nothing does (409
 * `design.stockShort`); with `partial: true` each line goes in up to what the stock leaves beside the cart. No body
 * (Fastify reads it as null) is a whole add.
 */
export const DesignCartInput = z.object({ partial: z.boolean({ error: m.cartPartialInvalid }).optional() }).nullish();
export type DesignCartInput = z.input<typeof DesignCartInput>;

/**
 * A bill-of-materials line the stock cannot fill: the design `needed`, the cart already holds `inCart`, the
 * catalogue has `inStock` (the cart never holds more than that). The 409's `params.lines`, and a partial add's `short`.
 */
export const StockShortLine = z.object({
  productId: z.uuid(),
  sku: z.string(),
  needed: z.number().int(),
  inStock: z.number().int(),
  inCart: z.number().int(),
});
export type StockShortLine = z.infer<typeof StockShortLine>;

/** The cart after a project's bill of materials went in, with the lines the stock could not fill (none on a whole add). */
export const DesignCartOut = CartOut.extend({ short: z.array(StockShortLine) });
export type DesignCartOut = z.infer<typeof DesignCartOut>;

export const DesignParams = z.object({ id: z.uuid({ error: m.designNotFound }) });

export const DesignListQuery = listQuery({
  page: coercedInt({ min: 1, max: 100_000 }).optional(),
  pageSize: optionalPaging.pageSize,
});

/**
 * One mat or cable of the project, as the installer tests it: `unit` names it (`A1-M2`: area 1, mat 2;
 * `A2-C1`: area 2, cable 1).
 */
export const DesignUnit = z.object({ unit: z.string(), area: z.string(), sku: z.string(), name: z.string(), watts: z.number() });

/** POST /api/v1/designs/:id/readings: a test of one unit before or after the pour. */
export const ReadingInput = z.object({
  unit: text(m.readingProductUnknown).min(1, m.readingProductUnknown).max(20, m.readingProductUnknown),
  phase: z.enum(READING_PHASES, { error: m.readingInvalid }),
  /** Insulation resistance, megohms (a 1000 V or 2500 V megger test). */
  insulationMOhm: z.number({ error: m.readingInvalid }).min(0, m.readingInvalid).max(1_000_000, m.readingInvalid),
  /** Conductor resistance, ohms (continuity). */
  continuityOhm: z.number({ error: m.readingInvalid }).min(0, m.readingInvalid).max(1_000_000, m.readingInvalid),
});
export type ReadingInput = z.input<typeof ReadingInput>;

/** The rule a reading is judged by (`readings.ts`): insulation at least `minInsulationMOhm`, continuity from `minOhm` to `maxOhm`. */
const ReadingRule = z.object({ minInsulationMOhm: z.number(), nominalOhm: z.number(), minOhm: z.number(), maxOhm: z.number() });

/** A unit of a saved project, with the rule its readings are judged by: shown before any is recorded. */
const ProjectUnit = DesignUnit.extend({ rule: ReadingRule });

const Reading = ReadingInput.extend({
  id: z.uuid(),
  recordedAt: z.iso.datetime({ offset: true }),
  recordedBy: z.string(),
  /** Both parts within the rule; a unit counts as tested only with a passing reading. */
  passed: z.boolean(),
  insulationPassed: z.boolean(),
  continuityPassed: z.boolean(),
  rule: ReadingRule,
});
const DesignPhoto = z.object({ id: z.uuid(), url: z.string(), createdAt: z.iso.datetime({ offset: true }) });

export const DesignSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  shared: z.boolean(),
  ownerName: z.string(),
  ownerRole: z.string(),
  areaM2: z.number(),
  watts: z.number(),
  priceCents: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type DesignSummary = z.infer<typeof DesignSummary>;

export const DesignList = z.object({ items: z.array(DesignSummary), total: z.number().int() });

export const DesignProject = DesignSummary.extend({
  /** Whether the caller may change it (its owner, or an admin). */
  editable: z.boolean(),
  /** Whether the caller may put its bill of materials in their cart: the owner only. */
  orderable: z.boolean(),
  input: DesignInput,
  /** The design computed when it was last saved, against the catalogue of that moment. */
  result: DesignResult,
  units: z.array(ProjectUnit),
  readings: z.array(Reading),
  photos: z.array(DesignPhoto),
  /** What the project still needs before inspection; empty when it can be inspected. */
  missing: z.array(Explained),
  /** Blank ('') until typed. */
  siteAddress: z.string(),
  /** The homeowner or building owner: never the installer. */
  siteOwner: z.string(),
  installerCompany: z.string(),
  installerLicence: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DesignProject = z.infer<typeof DesignProject>;
