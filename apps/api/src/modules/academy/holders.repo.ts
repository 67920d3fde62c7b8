import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HolderStatus } from '@meltway/shared/academy/learning.schema';
import type { Db } from '../../db/client.js';
import { certificates, certifications, courses } from '../../db/schema/academy.js';
import { users } from '../../db/schema/accounts.js';

/** Days before expiry from which a valid certificate counts as expiring (as the certificate list and the reminders count them). */
const EXPIRING_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

const dealer = alias(users, 'holder_dealer');

export type HolderFilters = {
  /** Only this dealer's contractors. */
  dealerId?: string;
  certificationId?: string;
  status?: HolderStatus;
  /** Searched in the contractor's name and email and the certification's names. */
  q?: string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every pair of an approved contractor (who chose a dealer) and a certification of a published course, with the
 * newest certificate of that pair (a lateral look-up by the holder's index) and the status it gives as of `now`.
 */
function holderRows(db: Db, f: HolderFilters, now: Date) {
  const newest = db
    .select({ id: certificates.id, code: certificates.code, issuedAt: certificates.issuedAt, expiresAt: certificates.expiresAt, revokedAt: certificates.revokedAt })
    .from(certificates)
    .where(and(eq(certificates.userId, users.id), eq(certificates.certificationId, certifications.id)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(1)
    .as('newest');
  const at = now.toISOString();
  const soon = new Date(now.getTime() + EXPIRING_DAYS * DAY_MS).toISOString();
  const status = sql<HolderStatus>`case
    when ${newest.id} is null then 'never'
    when ${newest.revokedAt} is not null then 'revoked'
    when ${newest.expiresAt} is not null and ${newest.expiresAt} <= ${at}::timestamptz then 'expired'
    when ${newest.expiresAt} is not null and ${newest.expiresAt} <= ${soon}::timestamptz then 'expiring'
    else 'valid' end`.as('status');

  const conds: SQL[] = [eq(users.role, 'contractor'), eq(users.status, 'approved'), isNotNull(users.dealerId), eq(courses.status, 'published')];
  if (f.dealerId) conds.push(eq(users.dealerId, f.dealerId));
  if (f.certificationId) conds.push(eq(certifications.id, f.certificationId));
  if (f.q) {
    const l = `%${escapeLike(f.q)}%`;
    conds.push(or(ilike(users.fullname, l), ilike(users.email, l), ilike(certifications.name, l), ilike(certifications.nameFr, l))!);
  }
  return db
    .select({
      userId: sql<string>`${users.id}`.as('user_id'),
      name: sql<string>`${users.fullname}`.as('name'),
      email: users.email,
      dealerId: sql<string | null>`${users.dealerId}`.as('dealer_id'),
      dealerName: sql<string | null>`${dealer.fullname}`.as('dealer_name'),
      certificationId: sql<string>`${certifications.id}`.as('certification_id'),
      certificationName: sql<string>`${certifications.name}`.as('certification_name'),
      certificationNameFr: sql<string | null>`${certifications.nameFr}`.as('certification_name_fr'),
      courseId: sql<string>`${certifications.courseId}`.as('course_id'),
      certificateId: sql<string | null>`${newest.code}`.as('certificate_code'),
      issuedAt: sql<Date | null>`${newest.issuedAt}`.as('issued_at'),
      expiresAt: sql<Date | null>`${newest.expiresAt}`.as('expires_at'),
      status,
    })
    .from(users)
    .innerJoin(dealer, eq(dealer.id, users.dealerId))
    .innerJoin(certifications, sql`true`)
    .innerJoin(courses, eq(courses.id, certifications.courseId))
    .leftJoinLateral(newest, sql`true`)
    .where(and(...conds))
    .as('holders');
}

/** Timestamps read back through a subquery skip the column's mapping: text or a date, depending on the driver. */
const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export type HolderRow = Awaited<ReturnType<typeof pageHolders>>[number];

/** A page of rows, by contractor name, then certification. */
export async function pageHolders(db: Db, f: HolderFilters, now: Date, offset: number, limit: number) {
  const h = holderRows(db, f, now);
  const rows = await db
    .select()
    .from(h)
    .where(f.status ? eq(h.status, f.status) : undefined)
    .orderBy(asc(h.name), asc(h.userId), asc(h.certificationName), asc(h.certificationId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, issuedAt: isoOf(r.issuedAt), expiresAt: isoOf(r.expiresAt) }));
}

/** How many rows of each status the filters select, `status` left aside: one grouped count. */
export async function countHolders(db: Db, f: HolderFilters, now: Date) {
  const h = holderRows(db, { ...f, status: undefined }, now);
  return db.select({ status: h.status, n: count() }).from(h).groupBy(h.status);
}
