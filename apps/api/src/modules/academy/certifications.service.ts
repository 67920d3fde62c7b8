import type { CertificationInput, CertificationOut, CertificationUpdate } from '@meltway/shared/academy/certification.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import type { Ctx } from '../../lib/ctx.js';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors.js';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles, withStoredFile } from '../../lib/stored-files.js';
import { iso, isStaff, type ListQuery } from './academy-rules.js';
import * as repo from './certifications.repo.js';

const toCertificationOut = (r: { cert: repo.CertificationRow; courseTitle: string }): CertificationOut => ({
  id: r.cert.id,
  name: r.cert.name,
  nameFr: r.cert.nameFr,
  description: r.cert.description,
  descriptionFr: r.cert.descriptionFr,
  image: r.cert.image,
  courseId: r.cert.courseId,
  courseTitle: r.courseTitle,
  passingScore: r.cert.passingScore,
  attemptsLimit: r.cert.attemptsLimit,
  retryWaitHours: r.cert.retryWaitHours,
  validityMonths: r.cert.validityMonths,
  skills: [...r.cert.skills],
  skillsFr: [...r.cert.skillsFr],
  productFamilies: [...r.cert.productFamilies],
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
