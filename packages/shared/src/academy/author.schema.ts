import { z } from 'zod';
import { multilineText } from '../common/fields.js';
import { requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/** POST /api/v1/authors (multipart: name, description, image; or JSON without the image). */
export const AuthorInput = z.object({
  name: requiredText(m.authorNameRequired, 120),
  description: multilineText().max(5000).default(''),
});
export type AuthorInput = z.input<typeof AuthorInput>;

/** PUT /api/v1/authors/:id (multipart): only the fields sent change; a new `image` replaces the old one. */
export const AuthorUpdate = AuthorInput.partial();
export type AuthorUpdate = z.input<typeof AuthorUpdate>;

export const AuthorOut = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** Path on the API host (`/uploads/authors/...`), or null. */
  image: z.string().nullable(),
  /** Courses that name this author; one in use cannot be deleted. */
  courseCount: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthorOut = z.infer<typeof AuthorOut>;

/** The author as a course shows it. */
export const CourseAuthor = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
});
export type CourseAuthor = z.infer<typeof CourseAuthor>;
