import { z } from 'zod';
import { int, multilineText, text } from '../common/fields.js';
import { requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/** Multipart sends numbers as text; a form may send a number. */
const passingScore = z
  .union([z.number(), text()], { error: m.passingScoreInvalid })
  .transform((v) => (v === '' ? Number.NaN : Number(v)))
  .pipe(int({ max: 100, message: m.passingScoreInvalid }));

/** POST /api/v1/certifications (multipart: name, description, courseId, passingScore, image). */
export const CertificationInput = z.object({
  name: requiredText(m.certificationNameRequired, 200),
  description: multilineText().max(5000).default(''),
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
