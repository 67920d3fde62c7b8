import { and, asc, between, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { installerProfiles } from '../../db/schema/installers.js';

export type InstallerProfileRow = typeof installerProfiles.$inferSelect;
type ProfileValues = Omit<typeof installerProfiles.$inferInsert, 'id' | 'contractorId' | 'createdAt' | 'updatedAt'>;

export const findProfile = async (db: Db, contractorId: string) =>
  (await db.select().from(installerProfiles).where(eq(installerProfiles.contractorId, contractorId)).limit(1))[0];

/** Writes the contractor's one profile, made on its first save. */
export const saveProfile = async (db: Db, contractorId: string, values: ProfileValues, now: Date) =>
  (
    await db
      .insert(installerProfiles)
      .values({ ...values, contractorId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: installerProfiles.contractorId, set: { ...values, updatedAt: now } })
      .returning()
  )[0]!;

export type Box = { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };

const dealer = alias(users, 'dealer');

/**
 * The visible profiles of approved contractors whose base lies in `box` (on the latitude/longitude index), with their
 * dealer: the candidates, before their exact distance and certifications are judged.
 */
export const profilesInBox = (db: Db, box: Box) =>
  db
    .select({
      id: installerProfiles.id,
      contractorId: installerProfiles.contractorId,
      companyName: installerProfiles.companyName,
      latitude: installerProfiles.latitude,
      longitude: installerProfiles.longitude,
      radiusKm: installerProfiles.radiusKm,
      productFamilies: installerProfiles.productFamilies,
      dealerId: dealer.id,
      dealerName: dealer.fullname,
    })
    .from(installerProfiles)
    .innerJoin(users, eq(users.id, installerProfiles.contractorId))
    .innerJoin(dealer, eq(dealer.id, users.dealerId))
    .where(
      and(
        between(installerProfiles.latitude, box.minLatitude, box.maxLatitude),
        between(installerProfiles.longitude, box.minLongitude, box.maxLongitude),
        eq(installerProfiles.visible, true),
        eq(users.role, 'contractor'),
        eq(users.status, 'approved'),
      ),
    )
    .orderBy(asc(installerProfiles.id));
