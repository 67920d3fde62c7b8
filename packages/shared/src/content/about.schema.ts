import { z } from 'zod';

/** GET /api/v1/about/figures: the About page's figures, counted from the database. */
export const AboutFigures = z.object({
  /** Published courses of the academy. */
  courses: z.number().int(),
  /** People enrolled in at least one course. */
  learners: z.number().int(),
  /** Certificates issued and still valid: neither revoked nor expired. */
  certificates: z.number().int(),
  /** Approved dealers. */
  dealers: z.number().int(),
});
export type AboutFigures = z.infer<typeof AboutFigures>;
