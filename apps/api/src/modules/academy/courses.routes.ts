import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CourseInput, CourseListItem, CourseListQuery, CourseOut } from '@meltway/shared/academy/course.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { errors, params } from './academy-forms.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as courses from './courses.service.js';

/** A course arrives as JSON with its cover as a data URL: room for a cover somewhat over the limit, so it gets its message rather than a bare 413. */
const COURSE_BODY_LIMIT = 8 * 1024 * 1024;
const tags = ['academy: courses'];

/** The academy's courses with their sections and lessons (SPEC.md §7). */
export const coursesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    // The public course catalogue: a repeated visitor URL is answered before validation and routing work.
    const catalogue = { domains: ['academy' as const] };

    app.get('/courses', {
      config: { access: accessOf('academy.browse'), cache: catalogue },
      schema: {
        tags,
        summary:
          'Courses, newest first: published ones; admins also drafts (an array; optional page, pageSize; q searches title, description, author and lesson titles in the language lang (en by default; fr: French texts, English ones where there is no French), accents and case aside, each word as a prefix); X-Total-Count counts every page; ETag and If-None-Match supported',
        querystring: CourseListQuery,
        response: {
          200: z.array(CourseListItem).meta({ headers: { 'X-Total-Count': { type: 'integer', description: 'How many courses match over every page' } } }),
          ...errors,
        },
      },
      handler: async (request, reply) => {
        const { rows, total } = await courses.listCourses(ctx(request), request.query);
        reply.header('x-total-count', String(total));
        return rows;
      },
    });
    app.get('/courses/:id', {
      config: { access: accessOf('academy.browse'), cache: catalogue },
      schema: { tags, summary: 'One course with its author, sections and lessons in order (a draft: admins only); ETag and If-None-Match supported', params, response: { 200: CourseOut, ...errors } },
      handler: (request) => courses.getCourse(ctx(request), request.params.id),
    });
    app.post('/courses', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: COURSE_BODY_LIMIT,
      schema: { tags, summary: 'Create a course (JSON; coverImage as a data URL)', body: CourseInput, response: { 201: CourseOut, ...errors, 413: ErrorBody } },
      handler: async (request, reply) => reply.status(201).send(await courses.createCourse(ctx(request), request.body)),
    });
    app.put('/courses/:id', {
      config: { access: accessOf('academy.manage') },
      bodyLimit: COURSE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save a course: sections and lessons sent with their id keep it, new ones get one, missing ones go; coverImage: a data URL replaces, null removes, the path keeps',
        params,
        body: CourseInput,
        response: { 200: CourseOut, ...errors, 413: ErrorBody },
      },
      handler: (request) => courses.updateCourse(ctx(request), request.params.id, request.body),
    });
    app.delete('/courses/permanent/:id', {
      config: { access: accessOf('academy.manage') },
      schema: { tags, summary: 'Delete a course nobody is enrolled in (409 otherwise: unpublish it instead)', params, response: { 200: MessageOut, ...errors } },
      handler: (request) => courses.deleteCourse(ctx(request), request.params.id),
    });
  };
