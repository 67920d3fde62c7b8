import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommentOut } from '@meltway/shared/academy/comment.schema';
import { CourseProgressOut, EnrolledCourseOut, EnrolmentOut, LearnerCommentInput, LessonProgressInput } from '@meltway/shared/academy/learning.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { errors, params } from './academy-forms.js';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as courses from './courses.service.js';
import * as learning from './learning.service.js';
import { syllabusFileName, syllabusPdf } from './syllabus.js';
import { LANGUAGES } from '@meltway/shared/common/language';

const tags = ['academy: learning'];
const CommentsQuery = z.object({ lessonId: z.uuid({ error: 'Invalid id' }).optional() });
const SyllabusQuery = z.object({ lang: z.enum(LANGUAGES).default('en') });

/** What a learner does: enrol, follow their progress, ask questions, download the syllabus (issue 13). */
export const learningRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/courses/:id/enrolment', {
      config: { access: accessOf('academy.learn') },
      schema: { tags, summary: 'Enrol the caller in a published course: 201 the first time, 200 after', params, response: { 200: EnrolmentOut, 201: EnrolmentOut, ...errors } },
      handler: async (request, reply) => {
        const { created, enrolment } = await learning.enrol(ctx(request), request.params.id);
        return reply.status(created ? 201 : 200).send(enrolment);
      },
    });
    app.get('/courses/:id/progress', {
      config: { access: accessOf('academy.learn') },
      schema: { tags, summary: 'The caller\'s own progress in a course (404 when not enrolled)', params, response: { 200: CourseProgressOut, ...errors } },
      handler: (request) => learning.getProgress(ctx(request), request.params.id),
    });
    app.put('/lessons/:id/progress', {
      config: { access: accessOf('academy.learn') },
      schema: {
        tags,
        summary:
          'Record the lesson as the one the caller is on (a PDF lesson leaves it) and what was watched; the server decides whether it counts (a PDF with seen, a video at 80% watched and that long after opening, a quiz only when passed); answers the course\'s progress (404 when not enrolled)',
        params,
        body: LessonProgressInput,
        response: { 200: CourseProgressOut, ...errors },
      },
      handler: (request) => learning.recordProgress(ctx(request), request.params.id, request.body),
    });
    app.post('/courses/:id/recertification', {
      config: { access: accessOf('academy.learn') },
      schema: {
        tags,
        summary:
          'Re-open the course to recertify: a new cycle (lessons and quizzes again) when the caller\'s certificate has expired or expires within 90 days; 409 academy.recertificationNotOpen otherwise, 404 when not enrolled',
        params,
        response: { 200: CourseProgressOut, ...errors },
      },
      handler: (request) => learning.recertify(ctx(request), request.params.id),
    });
    app.get('/me/courses', {
      config: { access: accessOf('academy.learn') },
      schema: { tags, summary: 'The caller\'s courses with their progress and next lesson, latest activity first', response: { 200: z.array(EnrolledCourseOut), ...errors } },
      handler: (request) => learning.myCourses(ctx(request)),
    });
    app.post('/courses/:id/comments', {
      config: { access: accessOf('academy.learn') },
      bodyLimit: textBodyLimit(5000),
      schema: { tags, summary: 'Ask a question on a course or one of its lessons (enrolled learners); staff reply in the dashboard', params, body: LearnerCommentInput, response: { 201: CommentOut, ...errors } },
      handler: async (request, reply) => reply.status(201).send(await learning.askQuestion(ctx(request), request.params.id, request.body)),
    });
    app.get('/courses/:id/comments', {
      config: { access: accessOf('academy.learn') },
      schema: { tags, summary: 'The caller\'s own questions on a course (optionally one lesson) with staff\'s replies, newest first', params, querystring: CommentsQuery, response: { 200: z.array(CommentOut), ...errors } },
      handler: (request) => learning.myQuestions(ctx(request), request.params.id, request.query.lessonId),
    });
    app.get('/courses/:id/syllabus.pdf', {
      config: { access: accessOf('academy.browse') },
      schema: { tags, summary: 'The course\'s syllabus as PDF: sections and lessons with their durations (lang en or fr)', produces: ['application/pdf'], params, querystring: SyllabusQuery, response: { 200: z.unknown().describe('The PDF'), ...errors } },
      handler: async (request, reply) => {
        const c = ctx(request);
        const course = await courses.getCourse(c, request.params.id);
        const pdf = await syllabusPdf(course, request.query.lang, c.now);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-cache')
          .header('content-disposition', `attachment; filename="${syllabusFileName(course, request.query.lang)}"`)
          .send(Buffer.from(pdf));
      },
    });
  };
