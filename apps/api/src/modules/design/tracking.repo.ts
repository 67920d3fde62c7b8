import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { designPhotos, designReadings } from '../../db/schema/design.js';

export type ReadingRow = typeof designReadings.$inferSelect & { recordedByName: string | null };

/** A project's readings, by unit then phase, with the name of who recorded each. */
export const readingsOf = (db: Db, designId: string): Promise<ReadingRow[]> =>
  db
    .select({
      id: designReadings.id,
      designId: designReadings.designId,
      unit: designReadings.unit,
      phase: designReadings.phase,
      insulationMOhm: designReadings.insulationMOhm,
      continuityOhm: designReadings.continuityOhm,
      recordedBy: designReadings.recordedBy,
      recordedAt: designReadings.recordedAt,
      recordedByName: users.fullname,
    })
    .from(designReadings)
    .leftJoin(users, eq(users.id, designReadings.recordedBy))
    .where(eq(designReadings.designId, designId))
    .orderBy(asc(designReadings.unit), asc(designReadings.phase));

/** Records a test of a unit; a test of the same unit and phase replaces it (one statement, on the unique key). */
export const upsertReading = (db: Db, values: typeof designReadings.$inferInsert) =>
  db
    .insert(designReadings)
    .values(values)
    .onConflictDoUpdate({
      target: [designReadings.designId, designReadings.unit, designReadings.phase],
      set: { insulationMOhm: values.insulationMOhm, continuityOhm: values.continuityOhm, recordedBy: values.recordedBy, recordedAt: sql`now()` },
    });

export const deleteReading = async (db: Db, designId: string, readingId: string) =>
  (await db.delete(designReadings).where(and(eq(designReadings.id, readingId), eq(designReadings.designId, designId))).returning({ id: designReadings.id }))[0];

/** A project's photos, oldest first. */
export const photosOf = (db: Db, designId: string) =>
  db.select().from(designPhotos).where(eq(designPhotos.designId, designId)).orderBy(asc(designPhotos.createdAt), asc(designPhotos.id));

export const countPhotos = async (db: Db, designId: string) => (await db.select({ n: count() }).from(designPhotos).where(eq(designPhotos.designId, designId)))[0]?.n ?? 0;

export const insertPhoto = async (db: Db, designId: string, path: string) => (await db.insert(designPhotos).values({ designId, path }).returning())[0]!;

export const deletePhoto = async (db: Db, designId: string, photoId: string) =>
  (await db.delete(designPhotos).where(and(eq(designPhotos.id, photoId), eq(designPhotos.designId, designId))).returning())[0];

