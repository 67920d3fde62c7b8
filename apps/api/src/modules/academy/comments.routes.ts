import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommentOut, ReplyInput } from '@meltway/shared/academy/comment.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { MessageOut } from '@meltway/shared/common/errors';
import { errors, params, querystring } from './academy-forms.js';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as comments from './comments.service.js';

const tags = ['academy: comments'];

/** Learners' comments on courses, and staff's replies (SPEC.md §7). */
export const commentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/courses/comments/all', {
      config: { access: accessOf('academy.moderate') },
      schema: { tags, summary: 'Learners\' comments with course, lesson, learner and reply, newest first (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(CommentOut), ...errors } },
      handler: (request) => comments.listComments(ctx(request), request.query),
    });
    app.post('/courses/comments/:id/reply', {
      config: { access: accessOf('academy.moderate') },
      // The reply at its longest.
      bodyLimit: textBodyLimit(5000),
      schema: { tags, summary: 'Reply to a comment (the reply\'s text is `comment`)', params, body: ReplyInput, response: { 200: CommentOut, ...errors } },
      handler: (request) => comments.replyToComment(ctx(request), request.params.id, request.body),
    });
    app.delete('/courses/comment/permanent/:id', {
      config: { access: accessOf('academy.moderate') },
      schema: { tags, summary: 'Delete a comment', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => comments.deleteComment(ctx(request), request.params.id),
    });
  };
