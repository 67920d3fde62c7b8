import { z } from 'zod';
import { PRODUCT_FAMILIES } from '../catalogue/limits.js';
import { int, multilineText, text } from '../common/fields.js';
import { frenchText } from '../common/french.js';
import { requiredText } from './common.js';
import { MAX_SKILLS } from './limits.js';
import { academyMessages as m } from './messages.js';

/** Multipart sends numbers as text; a form may send a number. */
const passingScore = z
  .union([z.number(), text()], { error: m.passingScoreInvalid })
  .transform((v) => (v === '' ? Number.NaN : Number(v)))
  .pipe(int({ max: 100, message: m.passingScoreInvalid }));

/** A whole number from `min` to `max`; multipart sends it as text. */
const count = (min: number, max: number, message: string) =>
  z
    .union([z.number(), text()], { error: message })
    .transform((v) => (v === '' ? Number.NaN : Number(v)))
    .pipe(int({ min, max, message }));

/** A whole number from `min` to `max`, or empty/null for none; multipart sends it as text. */
const optionalCount = (min: number, max: number, message: string) =>
  z
    .union([z.number(), text(), z.null()], { error: message })
    .transform((v) => (v === null || v === '' ? null : Number(v)))
    .pipe(int({ min, max, message }).nullable());

/** One skill per entry: an array from JSON, or a JSON array or one skill per line as multipart text. */
const skills = z
  .union([z.array(z.unknown()), multilineText().max(MAX_SKILLS * 202)], { error: m.skillsInvalid })
  .transform((v): unknown => {
    if (Array.isArray(v)) return v;
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        return JSON.parse(t) as unknown;
      } catch {
        return null;
      }
    }
    return t.split(/\r?\n/);
  })
  .pipe(
    z
      .array(text({ error: m.skillsInvalid }).max(200, m.skillTooLong), { error: m.skillsInvalid })
      .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0))
      .pipe(z.array(z.string()).max(MAX_SKILLS, m.tooManySkills)),
  );

/**
 * The product families a certification qualifies for, none for all: an array from JSON, or as multipart text a JSON
 * array or the families separated by commas or spaces. Each family once, in PRODUCT_FAMILIES' order.
 */
const productFamilies = z
  .union([z.array(z.unknown()), text().max(100)], { error: m.productFamiliesInvalid })
  .transform((v): unknown => {
    if (Array.isArray(v)) return v;
    if (v.startsWith('[')) {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return null;
      }
    }
    return v.split(/[\s,]+/).filter((s) => s.length > 0);
  })
  .pipe(z.array(z.enum(PRODUCT_FAMILIES, { error: m.productFamiliesInvalid }), { error: m.productFamiliesInvalid }))
  .transform((list) => PRODUCT_FAMILIES.filter((f) => list.includes(f)));

/** POST /api/v1/certifications (multipart: name, nameFr, description, descriptionFr, courseId, passingScore, attemptsLimit, validityMonths, skills, skillsFr, productFamilies, image). */
export const CertificationInput = z.object({
  name: requiredText(m.certificationNameRequired, 200),
  /** The name and description on French pages and certificates; blank: the English ones serve. */
  nameFr: frenchText(200),
  description: multilineText().max(5000).default(''),
  descriptionFr: frenchText(5000, { multiline: true }),
  courseId: z.uuid({ error: m.courseRequired }),
  /** Percent of correct answers a learner needs for the certificate. */
  passingScore,
  /** Attempts a learner gets at each quiz of the course in a row (default 3), before a wait of `retryWaitHours`. */
  attemptsLimit: count(1, 100, m.attemptsLimitInvalid).default(3),
  /** Hours to wait after the last of those attempts fails before the next ones open (default 24). */
  retryWaitHours: count(0, 720, m.retryWaitHoursInvalid).default(24),
  /** How long a certificate stays valid, in months; empty: it does not expire. */
  validityMonths: optionalCount(1, 240, m.validityMonthsInvalid).optional(),
  /** What a holder can do (My Certifications' skills), one per entry. */
  skills: skills.optional(),
  /** The same skills in French, one per entry; none: the English ones serve on French pages. */
  skillsFr: skills.optional(),
  /** The product families (`mat`, `cable`, `controls`) it qualifies its holders for; none: all of them. */
  productFamilies: productFamilies.optional(),
});
export type CertificationInput = z.input<typeof CertificationInput>;

/** PUT /api/v1/certifications/:id (multipart): only the fields sent change; a new `image` replaces the old one. */
export const CertificationUpdate = CertificationInput.extend({
  attemptsLimit: count(1, 100, m.attemptsLimitInvalid),
  retryWaitHours: count(0, 720, m.retryWaitHoursInvalid),
}).partial();
export type CertificationUpdate = z.input<typeof CertificationUpdate>;

export const CertificationOut = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Null where no French was written (the English text serves). */
  nameFr: z.string().nullable(),
  description: z.string(),
  descriptionFr: z.string().nullable(),
  image: z.string().nullable(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  passingScore: z.number().int(),
  attemptsLimit: z.number().int(),
  retryWaitHours: z.number().int(),
  validityMonths: z.number().int().nullable(),
  skills: z.array(z.string()),
  /** Empty where no French was written (the English skills serve). */
  skillsFr: z.array(z.string()),
  /** The product families it qualifies for; empty: all of them. */
  productFamilies: z.array(z.enum(PRODUCT_FAMILIES)),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificationOut = z.infer<typeof CertificationOut>;
