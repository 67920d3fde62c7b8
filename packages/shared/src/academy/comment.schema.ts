import { z } from 'zod';
import { requiredText } from './common.js';
import { academyMessages as m } from './messages.js';

/** A row of GET /api/v1/courses/comments/all (newest first). */
export const CommentOut = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  /** The lesson asked about, or null for a question about the whole course. */
  lessonId: z.uuid().nullable(),
  lessonTitle: z.string().nullable(),
  userId: z.uuid(),
  learnerName: z.string(),
  comment: z.string(),
  reply: z.string().nullable(),
  repliedBy: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type CommentOut = z.infer<typeof CommentOut>;

/** POST /api/v1/courses/comments/:id/reply: the reply's text (SPEC.md names it `comment`). */
export const ReplyInput = z.object({ comment: requiredText(m.replyRequired, 5000, true) });
export type ReplyInput = z.input<typeof ReplyInput>;
