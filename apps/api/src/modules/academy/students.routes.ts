import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddStudentInput, AddStudentOut, StudentList, StudentsQuery } from '@meltway/shared/academy/learning.schema';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { MessageOut } from '@meltway/shared/common/errors';
import { multipartConsumes, parseFields, readForm } from '../../plugins/uploads.js';
import { errors, imageForm, params, uploadErrors } from './academy-forms.js';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import * as students from './students.service.js';

const tags = ['academy: students'];
/** A student as JSON (the form without its image): two names, an email and a course id. */
const STUDENT_BODY_LIMIT = textBodyLimit(200, 200, 254, 36);

/** The form's `name` field is JSON (`{ "en": …, "fr": … }`); anything else is left for the schema to refuse. */
function nameField(value: unknown): unknown {
  if (value === undefined || value === '') return { en: '' };
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return { en: value };
  }
}

/** Students Management (SPEC.md §2): learners per course with their progress. */
export const studentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.get('/students', {
      config: { access: accessOf('academy.students') },
      schema: {
        tags,
        summary: "Enrolments with each learner's progress, last activity and quiz figures, paged (a dealer sees its own contractors')",
        querystring: StudentsQuery,
        response: { 200: StudentList, ...errors },
      },
      handler: (request) => students.listStudents(ctx(request), request.query),
    });
    app.post('/students', {
      config: { access: accessOf('academy.studentsManage') },
      bodyLimit: STUDENT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a student to a course (multipart: name as JSON {en, fr}, email, courseId, image); a new email is invited to set a password',
        consumes: multipartConsumes,
        response: { 201: AddStudentOut, ...uploadErrors },
      },
      handler: async (request, reply) => {
        const form = await readForm(request, imageForm);
        const input = parseFields(AddStudentInput, { ...form.fields, name: nameField(form.fields.name) });
        return reply.status(201).send(await students.addStudent(ctx(request), input, form.files[0]));
      },
    });
    app.delete('/students/:id', {
      config: { access: accessOf('academy.studentsManage') },
      schema: { tags, summary: "Remove an enrolment and the learner's progress in that course (certificates stay)", params, response: { 200: MessageOut, ...errors } },
      handler: (request) => students.removeStudent(ctx(request), request.params.id),
    });
  };
