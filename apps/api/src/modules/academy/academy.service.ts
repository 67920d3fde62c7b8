import type { AssignmentInput, AssignmentLearnerOut, AssignmentListItem, AssignmentOut } from '@meltway/shared/academy/assignment.schema';
import type { AuthorInput, AuthorOut, AuthorUpdate } from '@meltway/shared/academy/author.schema';
import type { CertificationInput, CertificationOut, CertificationUpdate } from '@meltway/shared/academy/certification.schema';
import type { AcademyListQuery } from '@meltway/shared/academy/common';
import type { CommentOut, ReplyInput } from '@meltway/shared/academy/comment.schema';
import type { DocInput, DocOut } from '@meltway/shared/academy/doc.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { actor } from '../../lib/ctx.js';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError, UnsupportedMediaTypeError } from '../../lib/errors.js';
import { removeFiles, withStoredFile, type UploadedFile } from '../../plugins/uploads.js';
import * as repo from './academy.repo.js';

type ListQuery = z.output<typeof AcademyListQuery>;

const iso = (d: Date) => d.toISOString();
/** Staff see every record and the answer key; everyone else only what published courses use. */
export const isStaff = (ctx: Ctx) => ctx.user?.role === 'admin';

/** A delete the database refused because something still points at the row. */
const linkedOnForeignKey = (err: unknown): never => {
  if (foreignKeyViolation(err) !== undefined) throw new ConflictError(m.alreadyLinked);
  throw err;
};

// Authors

const toAuthorOut = (r: { author: repo.AuthorRow; courseCount: number }): AuthorOut => ({
  id: r.author.id,
  name: r.author.name,
  description: r.author.description,
  image: r.author.image,
  courseCount: Number(r.courseCount),
  created_at: iso(r.author.createdAt),
  updated_at: iso(r.author.updatedAt),
});

/** Authors by name, each with the number of courses that name them. */
export async function listAuthors(ctx: Ctx, query: ListQuery) {
  return (await repo.listAuthors(ctx.db, query)).map(toAuthorOut);
}

async function getAuthor(ctx: Ctx, id: string) {
  const row = await repo.findAuthor(ctx.db, id);
  if (!row) throw new NotFoundError(m.authorNotFound);
  return toAuthorOut(row);
}

/** Creates an author with an optional picture. */
export async function createAuthor(ctx: Ctx, input: z.output<typeof AuthorInput>, image?: UploadedFile) {
  const row = await withStoredFile(ctx.storage, image, 'authors', (path) => repo.insertAuthor(ctx.db, { ...input, image: path ?? null }));
  return getAuthor(ctx, row.id);
}

/** Changes the fields sent; a new picture replaces (and deletes) the old one. */
export async function updateAuthor(ctx: Ctx, id: string, input: z.output<typeof AuthorUpdate>, image?: UploadedFile) {
  const before = await repo.findAuthor(ctx.db, id);
  if (!before) throw new NotFoundError(m.authorNotFound);
  await withStoredFile(ctx.storage, image, 'authors', (path) => repo.updateAuthor(ctx.db, id, { ...input, ...(path ? { image: path } : {}) }));
  // Courses show their author.
  repo.markAcademyWrite();
  if (image) await removeFiles(ctx.storage, [before.author.image]);
  return getAuthor(ctx, id);
}

/** Deletes an author no course names ("already linked to course" otherwise). */
export async function deleteAuthor(ctx: Ctx, id: string) {
  const row = await repo.findAuthor(ctx.db, id);
  if (!row) throw new NotFoundError(m.authorNotFound);
  if (row.courseCount > 0) throw new ConflictError(m.alreadyLinked);
  await repo.deleteAuthor(ctx.db, id).catch(linkedOnForeignKey);
  await removeFiles(ctx.storage, [row.author.image]);
  return { message: m.authorDeleted };
}

// Documents

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const toDocOut = (r: { doc: repo.DocumentRow; lessonCount: number }): DocOut => ({
  id: r.doc.id,
  name: r.doc.name,
  image: r.doc.path,
  size: r.doc.size,
  lessonCount: Number(r.lessonCount),
  created_at: iso(r.doc.createdAt),
});

/** Documents, newest first, each with the number of lessons that open it. */
export async function listDocuments(ctx: Ctx, query: ListQuery) {
  return (await repo.listDocuments(ctx.db, query)).map(toDocOut);
}

/** Stores a PDF (checked from its first bytes) under a generated name. */
export async function createDocument(ctx: Ctx, input: z.output<typeof DocInput>, file?: UploadedFile) {
  if (!file) throw new FieldError('file', m.docFileRequired);
  if (file.mime !== 'application/pdf' || !PDF_MAGIC.every((b, i) => file.bytes[i] === b)) throw new UnsupportedMediaTypeError(m.docType);
  const row = await withStoredFile(ctx.storage, file, 'docs', (path) => repo.insertDocument(ctx.db, { name: input.name, path: path!, size: file.bytes.byteLength }));
  return toDocOut({ doc: row, lessonCount: 0 });
}

/** SPEC.md's `{ image }`: where the PDF is. Learners reach only documents of published courses. */
export async function getDocumentFile(ctx: Ctx, id: string) {
  const row = await repo.findDocument(ctx.db, id);
  if (!row || (!isStaff(ctx) && !(await repo.documentInPublishedCourse(ctx.db, id)))) throw new NotFoundError(m.docNotFound);
  return { image: row.doc.path };
}

/** Deletes a document no lesson opens ("already linked to course" otherwise), and its file. */
export async function deleteDocument(ctx: Ctx, id: string) {
  const row = await repo.findDocument(ctx.db, id);
  if (!row) throw new NotFoundError(m.docNotFound);
  if (row.lessonCount > 0) throw new ConflictError(m.alreadyLinked);
  await repo.deleteDocument(ctx.db, id).catch(linkedOnForeignKey);
  await removeFiles(ctx.storage, [row.doc.path]);
  return { message: m.docDeleted };
}

// Assignments

const toAssignmentOut = (r: { assignment: repo.AssignmentRow; lessonCount: number }): AssignmentOut => ({
  id: r.assignment.id,
  title: r.assignment.title,
  questions: r.assignment.questions.map((q) => ({ questionText: q.questionText, answers: [...q.answers], correctIndex: q.correctIndex })),
  lessonCount: Number(r.lessonCount),
  created_at: iso(r.assignment.createdAt),
  updated_at: iso(r.assignment.updatedAt),
});

/** The learner's copy: built field by field so the answer key cannot ride along. */
const toLearnerOut = (a: repo.AssignmentRow): AssignmentLearnerOut => ({
  id: a.id,
  title: a.title,
  questions: a.questions.map((q) => ({ questionText: q.questionText, answers: [...q.answers] })),
});

/** Assignments, newest first, with their number of questions (staff). */
export async function listAssignments(ctx: Ctx, query: ListQuery): Promise<AssignmentListItem[]> {
  return (await repo.listAssignments(ctx.db, query)).map((r) => ({
    id: r.id,
    title: r.title,
    questionCount: Number(r.questionCount),
    lessonCount: Number(r.lessonCount),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }));
}

/** Staff get the whole assignment with its key; learners the questions of a published course's assignment, without it. */
export async function getAssignment(ctx: Ctx, id: string): Promise<AssignmentOut | AssignmentLearnerOut> {
  const row = await repo.findAssignment(ctx.db, id);
  if (!row) throw new NotFoundError(m.assignmentNotFound);
  if (isStaff(ctx)) return toAssignmentOut(row);
  if (!(await repo.assignmentInPublishedCourse(ctx.db, id))) throw new NotFoundError(m.assignmentNotFound);
  return toLearnerOut(row.assignment);
}

/** Creates an assignment (blank answers already dropped by the schema). */
export async function createAssignment(ctx: Ctx, input: z.output<typeof AssignmentInput>) {
  const row = await repo.insertAssignment(ctx.db, { title: input.title, questions: input.questions });
  return toAssignmentOut({ assignment: row, lessonCount: 0 });
}

/** Replaces an assignment's title and questions. */
export async function updateAssignment(ctx: Ctx, id: string, input: z.output<typeof AssignmentInput>) {
  if (!(await repo.updateAssignment(ctx.db, id, { title: input.title, questions: input.questions }))) throw new NotFoundError(m.assignmentNotFound);
  return toAssignmentOut((await repo.findAssignment(ctx.db, id))!);
}

/** Deletes an assignment no lesson uses ("already linked to course" otherwise). */
export async function deleteAssignment(ctx: Ctx, id: string) {
  const row = await repo.findAssignment(ctx.db, id);
  if (!row) throw new NotFoundError(m.assignmentNotFound);
  if (row.lessonCount > 0) throw new ConflictError(m.alreadyLinked);
  await repo.deleteAssignment(ctx.db, id).catch(linkedOnForeignKey);
  return { message: m.assignmentDeleted };
}

// Certifications

const toCertificationOut = (r: { cert: repo.CertificationRow; courseTitle: string }): CertificationOut => ({
  id: r.cert.id,
  name: r.cert.name,
  description: r.cert.description,
  image: r.cert.image,
  courseId: r.cert.courseId,
  courseTitle: r.courseTitle,
  passingScore: r.cert.passingScore,
  created_at: iso(r.cert.createdAt),
  updated_at: iso(r.cert.updatedAt),
});

/** Certifications by name; everyone but staff sees only those of published courses. */
export async function listCertifications(ctx: Ctx, query: ListQuery) {
  return (await repo.listCertifications(ctx.db, { ...query, publishedOnly: !isStaff(ctx) })).map(toCertificationOut);
}

async function getCertification(ctx: Ctx, id: string) {
  const row = await repo.findCertification(ctx.db, id);
  if (!row) throw new NotFoundError(m.certificationNotFound);
  return toCertificationOut(row);
}

const certificationConflict = (err: unknown): never => {
  if (uniqueViolation(err) !== undefined) throw new ConflictError(m.certificationTaken, 'courseId');
  if (foreignKeyViolation(err) !== undefined) throw new FieldError('courseId', m.courseMissing);
  throw err;
};

/** Creates the certification a course awards, with its passing score and optional image. */
export async function createCertification(ctx: Ctx, input: z.output<typeof CertificationInput>, image?: UploadedFile) {
  if (!(await repo.existingCourse(ctx.db, input.courseId))) throw new FieldError('courseId', m.courseMissing);
  const row = await withStoredFile(ctx.storage, image, 'certifications', (path) =>
    repo.insertCertification(ctx.db, { ...input, image: path ?? null }).catch(certificationConflict),
  );
  return getCertification(ctx, row.id);
}

/** Changes the fields sent; a new image replaces (and deletes) the old one. */
export async function updateCertification(ctx: Ctx, id: string, input: z.output<typeof CertificationUpdate>, image?: UploadedFile) {
  const before = await repo.findCertification(ctx.db, id);
  if (!before) throw new NotFoundError(m.certificationNotFound);
  if (input.courseId && !(await repo.existingCourse(ctx.db, input.courseId))) throw new FieldError('courseId', m.courseMissing);
  await withStoredFile(ctx.storage, image, 'certifications', (path) =>
    repo.updateCertification(ctx.db, id, { ...input, ...(path ? { image: path } : {}) }).catch(certificationConflict),
  );
  if (image) await removeFiles(ctx.storage, [before.cert.image]);
  return getCertification(ctx, id);
}

/** Deletes a certification and its image. */
export async function deleteCertification(ctx: Ctx, id: string) {
  const row = await repo.deleteCertification(ctx.db, id);
  if (!row) throw new NotFoundError(m.certificationNotFound);
  await removeFiles(ctx.storage, [row.image]);
  return { message: m.certificationDeleted };
}

// Comments

const toCommentOut = (r: repo.CommentListRow): CommentOut => ({
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

/** The dashboard's academy figures: courses (staff count drafts too) and people enrolled (a dealer: its contractors). */
export async function academyFigures(ctx: Ctx) {
  const me = actor(ctx);
  const [courses, learners] = await Promise.all([
    repo.countCourses(ctx.db, me.role === 'admin'),
    repo.countLearners(ctx.db, me.role === 'dealer' ? me.id : undefined),
  ]);
  return { courses, learners };
}
