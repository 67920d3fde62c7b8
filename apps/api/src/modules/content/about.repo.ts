import { and, count, countDistinct, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { certificates, courses, enrolments } from '../../db/schema/academy.js';
import { users } from '../../db/schema/accounts.js';

/**
 * The About page's four counts in one statement: approved dealers from `users`, the others as scalar
 * subqueries. A certificate counts while it is neither revoked nor expired at `now`, as its status says.
 */
export async function countFigures(db: Db, now: Date) {
  const published = db.select({ n: count() }).from(courses).where(eq(courses.status, 'published'));
  const learners = db.select({ n: countDistinct(enrolments.userId) }).from(enrolments);
  const valid = db
    .select({ n: count() })
    .from(certificates)
    .where(and(isNull(certificates.revokedAt), or(isNull(certificates.expiresAt), gt(certificates.expiresAt, now))));
  const [row] = await db
    .select({
      courses: sql<number>`(${published})`.mapWith(Number),
      learners: sql<number>`(${learners})`.mapWith(Number),
      certificates: sql<number>`(${valid})`.mapWith(Number),
      dealers: count(),
    })
    .from(users)
    .where(and(eq(users.role, 'dealer'), eq(users.status, 'approved')));
  return row!;
}
