import { HOLDER_STATUSES, type HolderList, type HolderStatus, type HoldersQuery } from '@meltway/shared/academy/learning.schema';
import { academyMessages as m } from '@meltway/shared/academy/messages';
import type { z } from 'zod';
import { toCsv, csvRows } from '../../lib/csv.js';
import type { Ctx } from '../../lib/ctx.js';
import { actor } from '../../lib/ctx.js';
import { ForbiddenError } from '../../lib/errors.js';
import * as repo from './holders.repo.js';

type Query = z.output<typeof HoldersQuery>;
type Filters = Omit<Query, 'page' | 'pageSize'>;

/**
 * Whose rows the reader gets: admins every dealer's (or the one `dealerId` names), a dealer its own contractors'.
 * A dealer naming another dealer is refused rather than answered with an empty list that would look like "none".
 */
function filtersFor(ctx: Ctx, q: Filters): repo.HolderFilters {
  const user = actor(ctx);
  let dealerId = q.dealerId;
  if (user.role === 'dealer') {
    if (dealerId && dealerId !== user.id) throw new ForbiddenError(m.certificationHoldersScope);
    dealerId = user.id;
  }
  return { dealerId, certificationId: q.certificationId, status: q.status, q: q.q };
}

const toOut = (r: repo.HolderRow) => ({
  userId: r.userId,
  name: r.name,
  email: r.email,
  dealerId: r.dealerId,
  dealerName: r.dealerName,
  certificationId: r.certificationId,
  certificationName: r.certificationName,
  certificationNameFr: r.certificationNameFr,
  courseId: r.courseId,
  status: r.status,
  certificateId: r.certificateId,
  issuedAt: r.issuedAt,
  expiresAt: r.expiresAt,
});

/** GET /api/v1/certifications/holders: a page of contractor × certification rows and the counts per status. */
export async function listHolders(ctx: Ctx, q: Query): Promise<HolderList> {
  const f = filtersFor(ctx, q);
  const [rows, counted] = await Promise.all([repo.pageHolders(ctx.db, f, ctx.now, (q.page - 1) * q.pageSize, q.pageSize), repo.countHolders(ctx.db, f, ctx.now)]);
  const counts = Object.fromEntries(HOLDER_STATUSES.map((s) => [s, 0])) as Record<HolderStatus, number>;
  for (const c of counted) counts[c.status] = c.n;
  const total = f.status ? counts[f.status] : HOLDER_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return { items: rows.map(toOut), total, counts };
}

const CSV_BATCH = 500;
const HEADER = ['contractor', 'email', 'dealer', 'certification', 'status', 'certificate_id', 'issued_at', 'expires_at'] as const;

/**
 * GET /api/v1/certifications/holders/export.csv: every row the filters select, in the list's order, read in batches.
 * The reader's scope is checked before the first byte, so a refusal is an answer and not a broken download.
 */
export function holdersCsv(ctx: Ctx, q: Filters): AsyncGenerator<string> {
  const f = filtersFor(ctx, q);
  return (async function* () {
    yield toCsv(HEADER, []);
    for (let offset = 0; ; offset += CSV_BATCH) {
      const rows = await repo.pageHolders(ctx.db, f, ctx.now, offset, CSV_BATCH);
      yield csvRows(rows.map((r) => [r.name, r.email, r.dealerName, r.certificationName, r.status, r.certificateId, r.issuedAt, r.expiresAt]));
      if (rows.length < CSV_BATCH) return;
    }
  })();
}
