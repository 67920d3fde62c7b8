import { z } from 'zod';
import { requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/** POST /api/v1/docs (multipart: name, and the PDF under `file`, or `image` as the first client sent it). */
export const DocInput = z.object({ name: requiredText(m.docNameRequired, 200) });
export type DocInput = z.input<typeof DocInput>;

/** File fields a document upload accepts. */
export const DOC_FILE_FIELDS = ['file', 'image'] as const;

export const DocOut = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Path of the PDF on the API host (`/uploads/docs/....pdf`). */
  image: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** Lessons that open this document; one in use cannot be deleted. */
  lessonCount: z.number().int(),
  created_at: z.string(),
});
export type DocOut = z.infer<typeof DocOut>;

/** GET /api/v1/docs/:id: SPEC.md's `{ image }`, the path to open on the API host. */
export const DocFileOut = z.object({ image: z.string() });
export type DocFileOut = z.infer<typeof DocFileOut>;
