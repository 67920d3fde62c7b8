import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SubmissionGradeInput, SubmissionInput, SubmissionList, SubmissionOut, SubmissionsQuery } from '@meltway/shared/academy/learning.schema';
import { SUBMISSION_MAX_BYTES } from '@meltway/shared/academy/limits';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import { accessOf } from '@meltway/shared/accounts/permissions';
import { ErrorBody } from '@meltway/shared/common/errors';
import { multipartConsumes, parseFields, readForm, type FormSpec } from '../../plugins/uploads.js';
import { errors, params, uploadErrors } from './academy-forms.js';
import { textBodyLimit } from '../../lib/body-limits.js';
import { makeCtx, type Deps } from '../../lib/ctx.js';
import { checkSpreadsheet } from './spreadsheets.js';
import * as submissions from './submissions.service.js';

const tags = ['academy: submissions'];

/** One spreadsheet, checked by its bytes. */
const submissionForm: FormSpec = {
  fileFields: ['file'],
  maxFiles: 1,
  maxBytes: SUBMISSION_MAX_BYTES,
  checkBytes: (bytes, filename, field) => checkSpreadsheet(bytes, filename, field),
  typeMessage: m.submissionType,
  sizeMessage: m.submissionTooLarge,
};

/** `filename*` keeps a name in any language; the plain one falls back to ASCII. */
const disposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The file assignment of /lms/assignment: learners hand in spreadsheets, admins grade them. */
export const submissionsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = (request: Parameters<typeof makeCtx>[1]) => makeCtx(deps, request);

    app.post('/assignment-submissions', {
      config: { access: accessOf('academy.learn') },
      bodyLimit: textBodyLimit(100),
      schema: {
        tags,
        summary: 'Hand in a spreadsheet for a course one is enrolled in (multipart: courseId, file: .xlsx, .xls or .csv, 10 MB at most; checked by its bytes)',
        consumes: multipartConsumes,
        response: { 201: SubmissionOut, ...uploadErrors },
      },
      handler: async (request, reply) => {
        const form = await readForm(request, submissionForm);
        const input = parseFields(SubmissionInput, form.fields);
        return reply.status(201).send(await submissions.createSubmission(ctx(request), input, form.files[0]));
      },
    });
    app.get('/assignment-submissions', {
      config: { access: accessOf('academy.learn') },
      schema: {
        tags,
        summary: "Submissions, newest first: a learner's own, a dealer's contractors', every one for admins (filters courseId, graded)",
        querystring: SubmissionsQuery,
        response: { 200: SubmissionList, ...errors },
      },
      handler: (request) => submissions.listSubmissions(ctx(request), request.query),
    });
    app.get('/assignment-submissions/:id/file', {
      config: { access: accessOf('academy.learn') },
      schema: { tags, summary: 'The file handed in (its learner, their dealer, admins)', params, response: { 200: z.unknown().describe('The spreadsheet'), 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
      handler: async (request, reply) => {
        const file = await submissions.readSubmissionFile(ctx(request), request.params.id);
        return reply
          .type(file.type)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', disposition(file.name))
          .send(Buffer.from(file.bytes));
      },
    });
    app.post('/assignment-submissions/:id/grade', {
      config: { access: accessOf('academy.grade') },
      schema: { tags, summary: 'Grade a submission (0-100) with a comment', params, body: SubmissionGradeInput, response: { 200: SubmissionOut, ...errors } },
      handler: (request) => submissions.gradeSubmission(ctx(request), request.params.id, request.body),
    });
  };
