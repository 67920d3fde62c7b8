import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AssignmentInput, AssignmentLearnerOut, AssignmentListItem, AssignmentOut } from '@meltway/shared/academy/assignment.schema';
import { AuthorInput, AuthorOut, AuthorUpdate } from '@meltway/shared/academy/author.schema';
import { CertificationInput, CertificationOut, CertificationUpdate } from '@meltway/shared/academy/certification.schema';
import { CommentOut, ReplyInput } from '@meltway/shared/academy/comment.schema';
import { AcademyIdParams, AcademyListQuery } from '@meltway/shared/academy/common';
import { CourseInput, CourseListItem, CourseOut } from '@meltway/shared/academy/course.schema';
import { DOC_FILE_FIELDS, DocFileOut, DocInput, DocOut } from '@meltway/shared/academy/doc.schema';
import { ACADEMY_IMAGE_MAX_BYTES, ACADEMY_IMAGE_TYPES, DOC_MAX_BYTES } from '@meltway/shared/academy/limits';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody, MessageOut } from '@meltway/shared/common/errors';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { publicUrlCache, sendCachedJson } from '../../lib/http-cache.js';
import { multipartConsumes, parseFields, readForm, type FormSpec } from '../../plugins/uploads.js';
import * as academy from './academy.service.js';
import * as courses from './courses.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const uploadErrors = { ...errors, 413: ErrorBody, 415: ErrorBody };
const imageForm: FormSpec = {
  fileFields: ['image'],
  maxFiles: 1,
  allowed: ACADEMY_IMAGE_TYPES,
  maxBytes: ACADEMY_IMAGE_MAX_BYTES,
  typeMessage: m.imageOnly,
  sizeMessage: m.imageTooLarge,
};
const docForm: FormSpec = {
  fileFields: DOC_FILE_FIELDS,
  maxFiles: 1,
  allowed: ['application/pdf'],
  maxBytes: DOC_MAX_BYTES,
  typeMessage: m.docType,
  sizeMessage: m.docTooLarge,
  wrongTypeIs415: true,
};
/** A course arrives as JSON with its cover as a data URL: room for a cover somewhat over the limit, so it gets its message rather than a bare 413. */
const COURSE_BODY_LIMIT = 8 * 1024 * 1024;
const params = AcademyIdParams;
const querystring = AcademyListQuery;

/** The academy's content (SPEC.md §7): authors, documents, assignments, certifications, courses and comments. */
export const academyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);
    // The public course catalogue: a repeated visitor URL is answered before validation and routing work.
    const catalogue = publicUrlCache(courses.academyVersion);

    {
      const tags = ['academy: authors'];
      app.get('/authors', {
        config: { access: accessOf('academy.browse') },
        schema: { tags, summary: 'Authors by name (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(AuthorOut), ...errors } },
        handler: (request) => academy.listAuthors(ctx(request), request.query),
      });
      app.post('/authors', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Create an author (multipart: name, description, image)', consumes: multipartConsumes, response: { 201: AuthorOut, ...uploadErrors } },
        handler: async (request, reply) => {
          const form = await readForm(request, imageForm);
          return reply.status(201).send(await academy.createAuthor(ctx(request), parseFields(AuthorInput, form.fields), form.files[0]));
        },
      });
      app.put('/authors/:id', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Edit an author (multipart; a new image replaces the old one)', consumes: multipartConsumes, params, response: { 200: AuthorOut, ...uploadErrors } },
        handler: async (request) => {
          const form = await readForm(request, imageForm);
          return academy.updateAuthor(ctx(request), request.params.id, parseFields(AuthorUpdate, form.fields), form.files[0]);
        },
      });
      app.delete('/authors/permanent/:id', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Delete an author no course names (409 "already linked to course")', params, response: { 200: MessageOut, ...errors } },
        handler: (request) => academy.deleteAuthor(ctx(request), request.params.id),
      });
    }

    {
      const tags = ['academy: documents'];
      app.get('/docs', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'PDF documents, newest first (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(DocOut), ...errors } },
        handler: (request) => academy.listDocuments(ctx(request), request.query),
      });
      app.post('/docs', {
        config: { access: accessOf('academy.manage') },
        schema: {
          tags,
          summary: 'Upload a PDF (multipart: name, and the file under `file` or `image`; 20 MB at most, checked from its bytes)',
          consumes: ['multipart/form-data'],
          response: { 201: DocOut, ...uploadErrors },
        },
        handler: async (request, reply) => {
          const form = await readForm(request, docForm);
          return reply.status(201).send(await academy.createDocument(ctx(request), parseFields(DocInput, form.fields), form.files[0]));
        },
      });
      app.get('/docs/:id', {
        config: { access: accessOf('academy.learn') },
        schema: { tags, summary: 'Where a document is: `{ image }`, its path on this host (learners: documents of published courses)', params, response: { 200: DocFileOut, ...errors } },
        handler: (request) => academy.getDocumentFile(ctx(request), request.params.id),
      });
      app.delete('/docs/permanent/:id', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Delete a document no lesson opens (409 "already linked to course")', params, response: { 200: MessageOut, ...errors } },
        handler: (request) => academy.deleteDocument(ctx(request), request.params.id),
      });
    }

    {
      const tags = ['academy: assignments'];
      app.get('/assignments', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Assignments with their number of questions (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(AssignmentListItem), ...errors } },
        handler: (request) => academy.listAssignments(ctx(request), request.query),
      });
      app.post('/assignments', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Create an assignment (title, questions with answers and correctIndex)', body: AssignmentInput, response: { 201: AssignmentOut, ...errors } },
        handler: async (request, reply) => reply.status(201).send(await academy.createAssignment(ctx(request), request.body)),
      });
      app.get('/assignments/:id', {
        config: { access: accessOf('academy.learn') },
        schema: {
          tags,
          summary: 'One assignment: admins get the answer key; learners the questions of a published course, without it',
          params,
          response: { 200: z.union([AssignmentOut, AssignmentLearnerOut]), ...errors },
        },
        handler: (request) => academy.getAssignment(ctx(request), request.params.id),
      });
      app.put('/assignments/:id', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Replace an assignment\'s title and questions', params, body: AssignmentInput, response: { 200: AssignmentOut, ...errors } },
        handler: (request) => academy.updateAssignment(ctx(request), request.params.id, request.body),
      });
      app.delete('/assignments/permanent/:id', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Delete an assignment no lesson uses (409 "already linked to course")', params, response: { 200: MessageOut, ...errors } },
        handler: (request) => academy.deleteAssignment(ctx(request), request.params.id),
      });
    }

    {
      const tags = ['academy: certifications'];
      app.get('/certifications', {
        config: { access: accessOf('academy.browse') },
        schema: { tags, summary: 'Certifications with their course and passing score (an array; published courses only for non-admins)', querystring, response: { 200: z.array(CertificationOut), ...errors } },
        handler: (request) => academy.listCertifications(ctx(request), request.query),
      });
      app.post('/certifications', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Create a certification (multipart: name, description, courseId, passingScore, image)', consumes: multipartConsumes, response: { 201: CertificationOut, ...uploadErrors } },
        handler: async (request, reply) => {
          const form = await readForm(request, imageForm);
          return reply.status(201).send(await academy.createCertification(ctx(request), parseFields(CertificationInput, form.fields), form.files[0]));
        },
      });
      app.put('/certifications/:id', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Edit a certification (multipart; a new image replaces the old one)', consumes: multipartConsumes, params, response: { 200: CertificationOut, ...uploadErrors } },
        handler: async (request) => {
          const form = await readForm(request, imageForm);
          return academy.updateCertification(ctx(request), request.params.id, parseFields(CertificationUpdate, form.fields), form.files[0]);
        },
      });
      app.delete('/certifications/permanent/:id', {
        config: { access: accessOf('academy.manage') },
        schema: { tags, summary: 'Delete a certification', params, response: { 200: MessageOut, ...errors } },
        handler: (request) => academy.deleteCertification(ctx(request), request.params.id),
      });
    }

    {
      const tags = ['academy: comments'];
      app.get('/courses/comments/all', {
        config: { access: accessOf('academy.moderate') },
        schema: { tags, summary: 'Learners\' comments with course, lesson, learner and reply, newest first (an array; optional page, pageSize, q)', querystring, response: { 200: z.array(CommentOut), ...errors } },
        handler: (request) => academy.listComments(ctx(request), request.query),
      });
      app.post('/courses/comments/:id/reply', {
        config: { access: accessOf('academy.moderate') },
        schema: { tags, summary: 'Reply to a comment (the reply\'s text is `comment`)', params, body: ReplyInput, response: { 200: CommentOut, ...errors } },
        handler: (request) => academy.replyToComment(ctx(request), request.params.id, request.body),
      });
      app.delete('/courses/comment/permanent/:id', {
        config: { access: accessOf('academy.moderate') },
        schema: { tags, summary: 'Delete a comment', params, response: { 200: MessageOut, ...errors } },
        handler: (request) => academy.deleteComment(ctx(request), request.params.id),
      });
    }

    {
      const tags = ['academy: courses'];
      app.get('/courses', {
        config: { access: accessOf('academy.browse') },
        schema: { tags, summary: 'Courses, newest first: published ones; admins also drafts (an array; optional page, pageSize, q); ETag and If-None-Match supported', querystring, response: { 200: z.array(CourseListItem), ...errors } },
        onRequest: catalogue.answer,
        handler: async (request, reply) => {
          const key = catalogue.keyOf(request);
          const out = await courses.listCourses(ctx(request), request.query);
          catalogue.remember(key, out);
          return sendCachedJson(request, reply, out);
        },
      });
      app.get('/courses/:id', {
        config: { access: accessOf('academy.browse') },
        schema: { tags, summary: 'One course with its author, sections and lessons in order (a draft: admins only); ETag and If-None-Match supported', params, response: { 200: CourseOut, ...errors } },
        onRequest: catalogue.answer,
        handler: async (request, reply) => {
          const key = catalogue.keyOf(request);
          const out = await courses.getCourse(ctx(request), request.params.id);
          catalogue.remember(key, out);
          return sendCachedJson(request, reply, out);
        },
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
    }
  };
