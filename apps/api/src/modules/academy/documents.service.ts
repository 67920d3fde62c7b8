import type { DocInput, DocOut } from '@meltway/shared/academy/doc.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { ConflictError, FieldError, NotFoundError, UnsupportedMediaTypeError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles, withStoredFile } from '../../lib/stored-files.js';
import { iso, isStaff, linkedOnForeignKey, type ListQuery } from './academy-rules.js';
import * as repo from './documents.repo.js';

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
