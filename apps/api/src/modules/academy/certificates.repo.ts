import { and, desc, eq, getTableName, gt, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { authors, certificates, certifications, courses, signingKeys } from '../../db/schema/academy.js';
import { users } from '../../db/schema/accounts.js';
import { orders } from '../../db/schema/commerce.js';
import type { Language } from '@meltway/shared/common/language';

/** Days before expiry from which a certificate counts as expiring soon (and its first reminder is due). */
const EXPIRING_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAfter = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

const columns = {
  cert: certificates,
  holderName: users.fullname,
  holderEmail: users.email,
  holderDealerId: users.dealerId,
  courseTitle: courses.title,
  certificationName: certifications.name,
  description: certifications.description,
  courseTitleFr: courses.titleFr,
  certificationNameFr: certifications.nameFr,
  descriptionFr: certifications.descriptionFr,
  skills: certifications.skills,
  skillsFr: certifications.skillsFr,
  validityMonths: certifications.validityMonths,
  passingScore: certifications.passingScore,
  instructor: authors.name,
};
export type CertificateRow = { cert: typeof certificates.$inferSelect; holderName: string; holderEmail: string; holderDealerId: string | null; courseTitle: string; certificationName: string; description: string; courseTitleFr: string | null; certificationNameFr: string | null; descriptionFr: string | null; skills: string[]; skillsFr: string[]; validityMonths: number | null; passingScore: number; instructor: string };

const base = (db: Db) =>
  db
    .select(columns)
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(certifications, eq(certifications.id, certificates.certificationId))
    .innerJoin(authors, eq(authors.id, courses.authorId));

export type CertificateFilters = {
  /** Only this holder's. */
  userId?: string;
  /** Only those of this dealer's contractors (and the dealer's own). */
  dealerId?: string;
  status?: 'valid' | 'expired' | 'revoked' | 'expiring';
  courseId?: string;
  q?: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The status filters, as of `now`: what the list shows as each status. */
function statusCondition(status: NonNullable<CertificateFilters['status']>, now: Date): SQL {
  const live = isNull(certificates.revokedAt);
  switch (status) {
    case 'revoked':
      return isNotNull(certificates.revokedAt);
    case 'expired':
      return and(live, lte(certificates.expiresAt, now))!;
    case 'valid':
      return and(live, or(isNull(certificates.expiresAt), gt(certificates.expiresAt, now)))!;
    case 'expiring':
      return and(live, gt(certificates.expiresAt, now), lte(certificates.expiresAt, daysAfter(now, EXPIRING_DAYS)))!;
  }
}

/**
 * Whether the user whose id is in `userId` holds a current certificate at the statement's `now` placeholder: a column
 * that a list of people reads beside its rows, in the same statement.
 */
export function holdsCurrentCertificate(userId: AnyPgColumn) {
  // Every column by its table's name too: in a one-table statement Drizzle leaves columns bare, and a bare "id"
  // inside the subquery would not be the outer row's.
  const full = (c: AnyPgColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;
  const { userId: holder, revokedAt, expiresAt } = certificates;
  return sql<boolean>`exists (select 1 from ${certificates} where ${full(holder)} = ${full(userId)} and ${full(revokedAt)} is null and (${full(expiresAt)} is null or ${full(expiresAt)} > ${sql.placeholder('now')}::timestamptz))`;
}

/** Which of these dealers have an approved contractor holding a current certificate. */
export async function dealersWithCertifiedInstallers(db: Db, dealerIds: string[], now: Date): Promise<Set<string>> {
  if (!dealerIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: users.dealerId })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(and(inArray(users.dealerId, dealerIds), eq(users.role, 'contractor'), eq(users.status, 'approved'), statusCondition('valid', now)));
  return new Set(rows.map((r) => r.id!));
}

/** The current certificates (not revoked, not expired at `now`) these users hold, with their certification's name and families. */
export async function currentCertificates(db: Db, userIds: string[], now: Date) {
  if (!userIds.length) return [];
  return db
    .select({ userId: certificates.userId, name: certifications.name, expiresAt: certificates.expiresAt, productFamilies: certifications.productFamilies })
    .from(certificates)
    .innerJoin(certifications, eq(certifications.id, certificates.certificationId))
    .where(and(inArray(certificates.userId, userIds), statusCondition('valid', now)));
}

function where(f: CertificateFilters, now: Date) {
  const conds: SQL[] = [];
  if (f.userId) conds.push(eq(certificates.userId, f.userId));
  if (f.dealerId) conds.push(or(eq(users.dealerId, f.dealerId), eq(certificates.userId, f.dealerId))!);
  if (f.courseId) conds.push(eq(certificates.courseId, f.courseId));
  if (f.status) conds.push(statusCondition(f.status, now));
  if (f.q) {
    const l = `%${escapeLike(f.q)}%`;
    conds.push(or(ilike(users.fullname, l), ilike(courses.title, l), ilike(certificates.code, l))!);
  }
  return and(...conds);
}

/** A page of certificates, newest first, and how many match. */
export async function listCertificates(db: Db, f: CertificateFilters, now: Date, offset: number, limit: number) {
  const w = where(f, now);
  const [rows, [count]] = await Promise.all([
    base(db).where(w).orderBy(desc(certificates.issuedAt), desc(certificates.id)).limit(limit).offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .where(w),
  ]);
  return { rows: rows as CertificateRow[], total: count?.n ?? 0 };
}

/** One certificate by its public code (any case), with what its pages show. */
export const findByCode = async (db: Db, code: string, lock = false) => {
  const q = base(db).where(eq(certificates.code, code.toUpperCase())).limit(1);
  return ((lock ? await q.for('update', { of: certificates }) : await q) as CertificateRow[])[0];
};

export const revoke = async (db: Db, id: string, values: { at: Date; reason: string; by: string | null }) =>
  db.update(certificates).set({ revokedAt: values.at, revokedReason: values.reason, revokedBy: values.by }).where(eq(certificates.id, id));

export const insertCertificate = async (db: Db, values: typeof certificates.$inferInsert) => (await db.insert(certificates).values(values).returning())[0]!;

/** The certificate that replaced this one, if any. */
export const replacementOf = async (db: Db, id: string) =>
  (await db.select({ code: certificates.code }).from(certificates).where(eq(certificates.replacesId, id)).limit(1))[0];

/**
 * Live certificates whose reminder is due: expiring within `days` of `now`, not reminded at that step yet and
 * not already being renewed (the holder's enrolment is still in the certificate's cycle),
 * locked (skip locked) so two processes do not mail the same one.
 */
export const dueReminders = async (db: Db, now: Date, days: 90 | 30, limit: number) =>
  db
    .select({ id: certificates.id, code: certificates.code, courseId: certificates.courseId, expiresAt: certificates.expiresAt, userId: users.id, email: users.email, fullname: users.fullname, courseTitle: courses.title, certificationName: certifications.name })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(certifications, eq(certifications.id, certificates.certificationId))
    .where(
      and(
        isNull(certificates.revokedAt),
        gt(certificates.expiresAt, now),
        lte(certificates.expiresAt, daysAfter(now, days)),
        isNull(days === 90 ? certificates.reminded90At : certificates.reminded30At),
        // A holder who has already re-opened the course to recertify is not asked to again.
        sql`not exists (select 1 from enrolments e where e.user_id = ${certificates.userId} and e.course_id = ${certificates.courseId} and e.cycle > ${certificates.cycle})`,
      ),
    )
    .orderBy(certificates.expiresAt)
    .limit(limit)
    .for('update', { of: certificates, skipLocked: true });

/** The language of the learner's latest order: the only word the platform has of a person's language. */
export const languageOf = async (db: Db, userId: string): Promise<Language> =>
  (await db.select({ locale: orders.locale }).from(orders).where(eq(orders.buyerId, userId)).orderBy(desc(orders.createdAt)).limit(1))[0]?.locale === 'fr' ? 'fr' : 'en';

export const markReminded = async (db: Db, id: string, days: 90 | 30, at: Date) =>
  db
    .update(certificates)
    // The 30-day mail also closes the 90-day step: a certificate first found inside 30 days gets one mail.
    .set(days === 90 ? { reminded90At: at } : { reminded30At: at, reminded90At: sql`coalesce(${certificates.reminded90At}, ${at.toISOString()}::timestamptz)` })
    .where(eq(certificates.id, id));

type SigningKeyRow = typeof signingKeys.$inferSelect;

/** The platform's newest signing key (the one that signs), if it has any. */
export const newestSigningKey = async (db: Db): Promise<SigningKeyRow | undefined> =>
  (await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.id)).limit(1))[0];

/** A new signing key; one of the same id (thumbprint) already stored is left as it is. */
export const insertSigningKey = async (db: Db, values: Pick<SigningKeyRow, 'id' | 'publicJwk' | 'privateJwk'>) => {
  await db.insert(signingKeys).values(values).onConflictDoNothing();
};

/** Every signing key's public half, newest first: what verifies the credentials they signed. */
export const publicSigningKeys = async (db: Db) =>
  db.select({ id: signingKeys.id, publicJwk: signingKeys.publicJwk, createdAt: signingKeys.createdAt }).from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.id));
