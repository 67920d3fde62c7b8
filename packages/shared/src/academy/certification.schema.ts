import { z } from 'zod';
import { requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/** Multipart sends numbers as text; a form may send a number. */
const passingScore = z
  .union([z.number(), z.string().trim()], { error: m.passingScoreInvalid })
  .transform((v) => (v === '' ? Number.NaN : Number(v)))
  .pipe(z.number({ error: m.passingScoreInvalid }).int(m.passingScoreInvalid).min(0, m.passingScoreInvalid).max(100, m.passingScoreInvalid));

/** POST /api/v1/certifications (multipart: name, description, courseId, passingScore, image). */
export const CertificationInput = z.object({
  name: requiredText(m.certificationNameRequired, 200),
  description: z.string().trim().max(5000).default(''),
  courseId: z.uuid({ error: m.courseRequired }),
  /** Percent of correct answers a learner needs for the certificate. */
  passingScore,
});
export type CertificationInput = z.input<typeof CertificationInput>;

/** PUT /api/v1/certifications/:id (multipart): only the fields sent change; a new `image` replaces the old one. */
export const CertificationUpdate = CertificationInput.partial();
export type CertificationUpdate = z.input<typeof CertificationUpdate>;

export const CertificationOut = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  passingScore: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificationOut = z.infer<typeof CertificationOut>;
