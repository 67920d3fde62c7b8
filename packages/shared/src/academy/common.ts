import { z } from 'zod';

/** Route parameter of every academy record. */
export const AcademyIdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });

/** SPEC.md's lists are arrays; paging and search are optional. */
export const AcademyListQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  q: z.string().trim().max(100).optional(),
});
export type AcademyListQuery = z.input<typeof AcademyListQuery>;

/**
 * A required text. Unlike accounts' `required`, an empty value does not abort the parse, so the
 * object's own checks (a lesson's fields by type, a question's answers) still report at once.
 */
export const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);
