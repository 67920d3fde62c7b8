import { commonMessages } from '@meltway/shared/common/messages';
import { designMessages as m } from '@meltway/shared/design/messages';
import { installationOpen, type ProjectStatus, type ReadingInput } from '@meltway/shared/design/project.schema';
import { designUnits } from '@meltway/shared/design/units';
import type { z } from 'zod';
import { actor, type Ctx } from '../../lib/ctx.js';
import { ConflictError, FieldError, NotFoundError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/files.js';
import { removeFiles, storeFiles } from '../../lib/stored-files.js';
import { getProject, projectFor } from './projects.service.js';
import * as projects from './projects.repo.js';
import * as repo from './tracking.repo.js';

/** Photos one project may keep. */
const MAX_PHOTOS = 50;

/**
 * Runs a change of a project's readings or photos under the project's lock, the lock a move to `inspected` takes:
 * inspection never passes on a reading or photo removed at the same moment, and an inspected project's record of
 * its installation stays as the inspector saw it.
 */
const underLock = <T>(ctx: Ctx, id: string, change: (tx: Ctx['db']) => Promise<T>) =>
  ctx.db.transaction(async (tx) => {
    const locked = await projects.lockDesign(tx, id);
    if (!locked) throw new NotFoundError(m.designNotFound);
    if (!installationOpen(locked.status as ProjectStatus)) throw new ConflictError(m.projectInspected);
    return change(tx);
  });

/** Records a test of one mat or cable of the project (its owner or an admin); a new test of the same unit and phase replaces the old. */
export async function recordReading(ctx: Ctx, id: string, input: z.output<typeof ReadingInput>) {
  const row = await projectFor(ctx, id, 'write');
  if (!designUnits(row.design.result).some((u) => u.unit === input.unit)) throw new FieldError('unit', m.readingProductUnknown);
  await underLock(ctx, id, (tx) => repo.upsertReading(tx, { designId: id, ...input, recordedBy: actor(ctx).id }));
  return getProject(ctx, id);
}

/** Removes one reading of the project. */
export async function removeReading(ctx: Ctx, id: string, readingId: string) {
  await projectFor(ctx, id, 'write');
  const removed = await underLock(ctx, id, (tx) => repo.deleteReading(tx, id, readingId));
  if (!removed) throw new NotFoundError(commonMessages.notFound);
  return getProject(ctx, id);
}

/** Adds a site photo (an image checked by its bytes) to the project. */
export async function addPhoto(ctx: Ctx, id: string, file: UploadedFile | undefined) {
  if (!file) throw new FieldError('photo', m.photoInvalid);
  await projectFor(ctx, id, 'write');
  const [path] = await storeFiles(ctx.storage, [file], 'designs');
  try {
    await underLock(ctx, id, async (tx) => {
      if ((await repo.countPhotos(tx, id)) >= MAX_PHOTOS) throw new FieldError('photo', m.tooManyPhotos);
      await repo.insertPhoto(tx, id, path!);
    });
  } catch (err) {
    await removeFiles(ctx.storage, [path]);
    throw err;
  }
  return getProject(ctx, id);
}

/** Removes one photo of the project, and its file. */
export async function removePhoto(ctx: Ctx, id: string, photoId: string) {
  await projectFor(ctx, id, 'write');
  const removed = await underLock(ctx, id, (tx) => repo.deletePhoto(tx, id, photoId));
  if (!removed) throw new NotFoundError(commonMessages.notFound);
  await removeFiles(ctx.storage, [removed.path]);
  return getProject(ctx, id);
}
