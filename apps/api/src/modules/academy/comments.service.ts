import type { CommentOut, ReplyInput } from '@meltway/shared/academy/comment.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { actor } from '../../lib/ctx.js';
import { NotFoundError } from '../../lib/errors.js';
import { iso, type ListQuery } from './academy-rules.js';
import * as repo from './comments.repo.js';

export const toCommentOut = (r: repo.CommentListRow): CommentOut => ({
  id: r.comment.id,
  courseId: r.comment.courseId,
  courseTitle: r.courseTitle,
  lessonId: r.comment.lessonId,
  lessonTitle: r.lessonTitle,
  userId: r.comment.userId,
  learnerName: r.learnerName,
  comment: r.comment.comment,
  reply: r.comment.reply,
  repliedBy: r.comment.reply ? r.repliedByName : null,
  replied_at: r.comment.repliedAt ? iso(r.comment.repliedAt) : null,
  created_at: iso(r.comment.createdAt),
});

/** Every comment with its course, lesson and learner, newest first. */
export async function listComments(ctx: Ctx, query: ListQuery) {
  return (await repo.listComments(ctx.db, query)).map(toCommentOut);
}

/** Stores (or replaces) staff's reply to a comment, with who replied and when. */
export async function replyToComment(ctx: Ctx, id: string, input: z.output<typeof ReplyInput>) {
  const me = actor(ctx);
  if (!(await repo.replyToComment(ctx.db, id, { reply: input.comment, repliedBy: me.id, repliedAt: ctx.now }))) throw new NotFoundError(m.commentNotFound);
  return toCommentOut((await repo.listComments(ctx.db, { id }))[0]!);
}

/** Deletes a comment and its reply. */
export async function deleteComment(ctx: Ctx, id: string) {
  if (!(await repo.deleteComment(ctx.db, id))) throw new NotFoundError(m.commentNotFound);
  return { message: m.commentDeleted };
}
