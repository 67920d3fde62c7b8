import { z } from 'zod';
import { multilineText, text } from '../common/fields.js';
import { listQuery, optionalPaging, searchText } from '../common/paging.js';

/** Route parameter of every academy record. */
export const AcademyIdParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });

/** SPEC.md's lists are arrays; paging and search are optional. */
export const AcademyListQuery = listQuery({ ...optionalPaging, q: searchText() });
export type AcademyListQuery = z.input<typeof AcademyListQuery>;

/**
 * A required text, of one line unless `multiline` (a question, a reply). Unlike accounts' `required`, an
 * empty value does not abort the parse, so the object's own checks (a lesson's fields by type, a
 * question's answers) still report at once.
 */
export const requiredText = (message: string, max: number, multiline = false) =>
  (multiline ? multilineText : text)({ error: message }).min(1, message).max(max);
