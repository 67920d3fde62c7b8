import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { certificates } from '../../db/schema/academy.js';
import { users } from '../../db/schema/accounts.js';

/**
 * "Certified installer": a contractor holding a current certificate (not revoked, not expired). Lists ask
 * for a whole page of people at once, in one query, never one per row.
 */
const current = (now: Date) => and(isNull(certificates.revokedAt), or(isNull(certificates.expiresAt), gt(certificates.expiresAt, now)));

/** Which of these users hold a current certificate: by a statement prepared once, as every contractor page asks. */
export async function certifiedAmong(db: Db, userIds: string[], now: Date): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const statement = preparedOnce(db, 'certificates.certified_among', (name) =>
    db
      .selectDistinct({ id: certificates.userId })
      .from(certificates)
      .where(
        and(
          sql`${certificates.userId} = any(${sql.placeholder('ids')}::uuid[])`,
          isNull(certificates.revokedAt),
          or(isNull(certificates.expiresAt), sql`${certificates.expiresAt} > ${sql.placeholder('now')}::timestamptz`),
        ),
      )
      .prepare(name),
  );
  const rows = await statement.execute({ ids: userIds, now: now.toISOString() });
  return new Set(rows.map((r) => r.id));
}

/** Which of these dealers have an approved contractor holding a current certificate. */
export async function dealersWithCertifiedInstallers(db: Db, dealerIds: string[], now: Date): Promise<Set<string>> {
  if (!dealerIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: users.dealerId })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(and(inArray(users.dealerId, dealerIds), eq(users.role, 'contractor'), eq(users.status, 'approved'), current(now)));
  return new Set(rows.map((r) => r.id!));
}
