import type { AuthorInput, AuthorOut, AuthorUpdate } from '@meltway/shared/academy/author.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles, withStoredFile } from '../../lib/stored-files.js';
import { iso, linkedOnForeignKey, type ListQuery } from './academy-rules.js';
import { refreshAuthorCourses } from './course-search.js';
import * as repo from './authors.repo.js';

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
  // The catalogue search reads the author's name: its courses' search text follows a rename.
  if (input.name !== undefined && input.name !== before.author.name) await refreshAuthorCourses(ctx.db, id);
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
