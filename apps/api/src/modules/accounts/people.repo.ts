import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContractorListQuery } from '@meltway/shared/accounts/people.schema';
import type { Role, UserStatus } from '@meltway/shared/accounts/roles';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { preparedOnce } from '../../db/prepared.js';
import { users } from '../../db/schema/accounts.js';
import { shownUserColumns } from './users.repo.js';

type Query = z.output<typeof ContractorListQuery>;

/**
 * Whether a contractor is certified, as a column read beside its row: the academy's, given by the service. It reads
 * the statement's `now` placeholder.
 */
export type CertifiedColumn = (userId: typeof users.id) => SQL<boolean>;

const dealer = alias(users, 'dealer');

const SORT_COLUMNS = {
  fullname: users.fullname,
  companyName: users.companyName,
  licenseNumber: users.licenseNumber,
  contractorType: users.contractorType,
  status: users.status,
  created_at: users.createdAt,
} as const satisfies Record<Query['sort'], unknown>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Filters = { dealerId?: string; status?: UserStatus; contractorType?: Query['contractorType']; like?: string };

const filtersOf = (q: Query, scope: { dealerId?: string }): Filters => ({
  dealerId: scope.dealerId ?? q.dealerId,
  status: q.status,
  contractorType: q.contractorType,
  like: q.q ? `%${escapeLike(q.q)}%` : undefined,
});

/** The WHERE of a contractor list, with placeholders for the filters that are present. */
function contractorWhere(f: Filters) {
  const conds: SQL[] = [eq(users.role, 'contractor')];
  if (f.dealerId) conds.push(eq(users.dealerId, sql.placeholder('dealerId')));
  if (f.status) conds.push(eq(users.status, sql.placeholder('status')));
  if (f.contractorType) conds.push(eq(users.contractorType, sql.placeholder('contractorType')));
  if (f.like) {
    const like = sql.placeholder('like');
    conds.push(or(ilike(users.fullname, like), ilike(users.companyName, like), ilike(users.email, like), ilike(users.licenseNumber, like))!);
  }
  return and(...conds);
}

const shapeOf = (f: Filters) => [f.dealerId, f.status, f.contractorType, f.like].map((v) => (v ? 1 : 0)).join('');

/**
 * One page of contractors in any order, with their dealer's name and whether they are certified; `scope.dealerId`
 * restricts to one dealer's. The page's ids are found first, then only those rows are read.
 */
export async function pageContractors(db: Db, q: Query, scope: { dealerId?: string }, certified: CertifiedColumn, now: Date) {
  const f = filtersOf(q, scope);
  const statement = preparedOnce(db, `contractors.page.${q.sort}.${q.order}.${shapeOf(f)}`, (name) => {
    const column = SORT_COLUMNS[q.sort];
    const dir = q.order === 'asc' ? asc : desc;
    const page = db
      .select({ id: users.id })
      .from(users)
      .where(contractorWhere(f))
      .orderBy(dir(column), dir(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return db
      .select({ user: shownUserColumns, dealerName: dealer.fullname, certified: certified(users.id) })
      .from(page)
      .innerJoin(users, eq(users.id, page.id))
      .leftJoin(dealer, eq(dealer.id, users.dealerId))
      .orderBy(dir(column), dir(users.id))
      .prepare(name);
  });
  return statement.execute({ ...f, limit: q.pageSize, offset: (q.page - 1) * q.pageSize, now: now.toISOString() });
}

/**
 * Every this many rows of a list in its default order (by creation) the position is remembered, so a
 * deep page starts from the nearest remembered row instead of skipping all the rows before it.
 */
export const BOOKMARK_EVERY = 100;

/** A row's place in the creation order: its timestamp as PostgreSQL prints it (to the microsecond) and its id. */
export type Bookmark = { createdAt: string; id: string };

const byCreation = (order: Query['order']) => {
  const dir = order === 'asc' ? asc : desc;
  return [dir(users.createdAt), dir(users.id)];
};

/** The row at `position` (from 0) of a list in creation order, found from the index alone. */
export async function contractorBookmark(db: Db, q: Query, scope: { dealerId?: string }, position: number): Promise<Bookmark | null> {
  const f = filtersOf(q, scope);
  const statement = preparedOnce(db, `contractors.bookmark.${q.order}.${shapeOf(f)}`, (name) =>
    db
      .select({ createdAt: sql<string>`${users.createdAt}::text`, id: users.id })
      .from(users)
      .where(contractorWhere(f))
      .orderBy(...byCreation(q.order))
      .limit(1)
      .offset(sql.placeholder('position'))
      .prepare(name),
  );
  return (await statement.execute({ ...f, position }))[0] ?? null;
}

/**
 * A page of contractors in creation order, `offset` rows past `after` (or from the start): one table,
 * one index range, whatever the page number, each row with whether it is certified. Dealer names are the caller's to
 * add.
 */
export async function pageContractorsByCreation(
  db: Db,
  q: Query,
  scope: { dealerId?: string },
  page: { after: Bookmark | null; offset: number; certified: CertifiedColumn; now: Date },
) {
  const { after, offset } = page;
  const f = filtersOf(q, scope);
  const statement = preparedOnce(db, `contractors.created.${q.order}.${after ? 'after' : 'first'}.${shapeOf(f)}`, (name) => {
    const where = contractorWhere(f);
    const past = sql`(${users.createdAt}, ${users.id}) ${sql.raw(q.order === 'asc' ? '>' : '<')} (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
    return db
      .select({ user: shownUserColumns, certified: page.certified(users.id) })
      .from(users)
      .where(after ? and(where, past) : where)
      .orderBy(...byCreation(q.order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
  return statement.execute({ ...f, afterAt: after?.createdAt, afterId: after?.id, limit: q.pageSize, offset, now: page.now.toISOString() });
}

export async function countContractors(db: Db, q: Query, scope: { dealerId?: string }) {
  const f = filtersOf(q, scope);
  const statement = preparedOnce(db, `contractors.count.${shapeOf(f)}`, (name) =>
    db.select({ n: count() }).from(users).where(contractorWhere(f)).prepare(name),
  );
  return (await statement.execute(f))[0]?.n ?? 0;
}

export const findContractorWithDealer = async (db: Db, id: string) =>
  (
    await db
      .select({ user: users, dealerName: dealer.fullname })
      .from(users)
      .leftJoin(dealer, eq(dealer.id, users.dealerId))
      .where(and(eq(users.id, id), eq(users.role, 'contractor')))
      .limit(1)
  )[0];

/** Sign-ups per month (UTC) since `since`, for the dashboard chart. */
export async function signupsByMonth(db: Db, since: Date, scope: { dealerId?: string }) {
  const month = sql<string>`to_char(date_trunc('month', ${users.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const conds: SQL[] = [sql`${users.createdAt} >= ${since.toISOString()}`];
  if (scope.dealerId) conds.push(eq(users.dealerId, scope.dealerId));
  return db
    .select({ month, n: count() })
    .from(users)
    .where(and(...conds))
    .groupBy(month)
    .orderBy(month);
}

export async function countBy(db: Db, where: { role?: Role; roles?: Role[]; status?: UserStatus; dealerId?: string }) {
  const conds: SQL[] = [];
  if (where.role) conds.push(eq(users.role, where.role));
  if (where.roles) conds.push(or(...where.roles.map((r) => eq(users.role, r)))!);
  if (where.status) conds.push(eq(users.status, where.status));
  if (where.dealerId) conds.push(eq(users.dealerId, where.dealerId));
  return (await db.select({ n: count() }).from(users).where(and(...conds)))[0]?.n ?? 0;
}
