import type { SubmissionGradeInput, SubmissionInput, SubmissionList, SubmissionOut, SubmissionsQuery } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { FieldError, NotFoundError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { withStoredFile } from '../../lib/stored-files.js';
import { iso } from './academy-rules.js';
import { mimeOf } from './spreadsheets.js';
import * as repo from './submissions.repo.js';

/**
 * Files learners hand in for a course (/lms/assignment). They are kept with the private files (never
 * under /uploads) and read through GET /assignment-submissions/:id/file by their learner, the learner's
 * dealer and admins; admins grade them with a comment, which the learner then reads.
 */

type Found = NonNullable<Awaited<ReturnType<typeof repo.findSubmission>>>;

const toOut = (r: Found): SubmissionOut => ({
  id: r.submission.id,
  courseId: r.submission.courseId,
  courseTitle: r.courseTitle,
  userId: r.submission.userId,
  learnerName: r.learnerName,
  fileName: r.submission.fileName,
  fileType: r.submission.fileType as SubmissionOut['fileType'],
  size: r.submission.size,
  grade: r.submission.grade,
  gradeComment: r.submission.gradeComment,
  graded_at: r.submission.gradedAt ? iso(r.submission.gradedAt) : null,
  created_at: iso(r.submission.createdAt),
});

const readerOf = (ctx: Ctx): repo.Reader => {
  const me = actor(ctx);
  if (me.role === 'admin') return null;
  if (me.role === 'dealer') return { dealerId: me.id };
  return { userId: me.id };
};

/** Whether the reader may see this submission: its learner, the learner's dealer, or an admin. */
const mayRead = (ctx: Ctx, r: Found) => {
  const me = actor(ctx);
  return me.role === 'admin' || r.submission.userId === me.id || (me.role === 'dealer' && r.dealerId === me.id);
};

/** Keeps only a file name's last part, without control characters, at most 200 characters. */
const cleanName = (name: string) => (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}"]/gu, '').slice(-200) || 'file';

/** A learner hands in one spreadsheet for a course they are enrolled in. */
export async function createSubmission(ctx: Ctx, input: z.output<typeof SubmissionInput>, file: UploadedFile | undefined): Promise<SubmissionOut> {
  const me = actor(ctx);
  if (!(await repo.isEnrolled(ctx.db, me.id, input.courseId))) throw new NotFoundError(m.notEnrolled);
  if (!file) throw new FieldError('file', m.submissionFileRequired);
  const row = await withStoredFile(ctx.privateFiles, file, 'submissions', async (key) => {
    const made = await repo.insertSubmission(ctx.db, {
      userId: me.id,
      courseId: input.courseId,
      fileName: cleanName(file.filename),
      storageKey: key!,
      fileType: file.ext,
      size: file.bytes.byteLength,
    });
    await repo.touchEnrolment(ctx.db, me.id, input.courseId, ctx.now);
    return made;
  });
  return toOut((await repo.findSubmission(ctx.db, row.id))!);
}

/** A learner's own submissions; a dealer's contractors'; admins' all, with filters. */
export async function listSubmissions(ctx: Ctx, query: z.output<typeof SubmissionsQuery>): Promise<SubmissionList> {
  const { items, total } = await repo.listSubmissions(ctx.db, readerOf(ctx), query);
  return { items: items.map(toOut), total };
}

async function readable(ctx: Ctx, id: string) {
  const r = await repo.findSubmission(ctx.db, id);
  if (!r || !mayRead(ctx, r)) throw new NotFoundError(m.submissionNotFound);
  return r;
}

/** The file itself, for its learner, the learner's dealer and admins; 404 for anyone else. */
export async function readSubmissionFile(ctx: Ctx, id: string) {
  const r = await readable(ctx, id);
  const bytes = await ctx.privateFiles.read(r.submission.storageKey);
  if (!bytes) throw new NotFoundError(m.submissionNotFound);
  return { bytes, type: mimeOf(r.submission.fileType), name: r.submission.fileName };
}

/** Grades a submission with a comment (admins); the learner reads both in their list. */
export async function gradeSubmission(ctx: Ctx, id: string, input: z.output<typeof SubmissionGradeInput>): Promise<SubmissionOut> {
  const me = actor(ctx);
  if (!(await repo.gradeSubmission(ctx.db, id, { grade: input.grade, gradeComment: input.comment, gradedBy: me.id, gradedAt: ctx.now }))) {
    throw new NotFoundError(m.submissionNotFound);
  }
  return toOut((await repo.findSubmission(ctx.db, id))!);
}
