import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { designs } from '../../db/schema/design.js';

export type NewDesign = typeof designs.$inferInsert;

/** Whose projects a list shows: everybody's (admins), or one user's own and, for a dealer, its contractors' shared ones. */
export type DesignScope = { all: true } | { ownerId: string; dealerId?: string };

const owner = { ownerName: users.fullname, ownerRole: users.role, ownerDealerId: users.dealerId };

const scopeWhere = (scope: DesignScope): SQL | undefined => {
  if ('all' in scope) return undefined;
  const own = eq(designs.ownerId, scope.ownerId);
  return scope.dealerId ? or(own, and(eq(designs.shared, true), eq(users.dealerId, scope.dealerId))) : own;
};

/** One project with its owner's name, role and dealer. */
export const findDesign = async (db: Db, id: string) =>
  (await db.select({ design: designs, ...owner }).from(designs).innerJoin(users, eq(users.id, designs.ownerId)).where(eq(designs.id, id)).limit(1))[0];

export type DesignWithOwner = NonNullable<Awaited<ReturnType<typeof findDesign>>>;

/** A page of the projects in scope, most recently saved first, without their input and result. */
export const pageDesigns = (db: Db, scope: DesignScope, offset: number, limit: number) =>
  db
    .select({
      id: designs.id,
      name: designs.name,
      status: designs.status,
      shared: designs.shared,
      areaM2: designs.areaM2,
      watts: designs.watts,
      priceCents: designs.priceCents,
      updatedAt: designs.updatedAt,
      ...owner,
    })
    .from(designs)
    .innerJoin(users, eq(users.id, designs.ownerId))
    .where(scopeWhere(scope))
    .orderBy(desc(designs.updatedAt), desc(designs.id))
    .limit(limit)
    .offset(offset);

export const countDesigns = async (db: Db, scope: DesignScope) =>
  (await db.select({ n: count() }).from(designs).innerJoin(users, eq(users.id, designs.ownerId)).where(scopeWhere(scope)))[0]?.n ?? 0;

export const insertDesign = async (db: Db, values: NewDesign) => (await db.insert(designs).values(values).returning({ id: designs.id }))[0]!;

export const updateDesign = async (db: Db, id: string, values: Partial<NewDesign>) =>
  (await db.update(designs).set({ ...values, updatedAt: sql`now()` }).where(eq(designs.id, id)).returning({ id: designs.id }))[0];

export const deleteDesign = async (db: Db, id: string) => (await db.delete(designs).where(eq(designs.id, id)).returning({ id: designs.id }))[0];

/** Locks a project's row until the transaction ends (serialises the changes of its status, readings and photos). */
export const lockDesign = async (db: Db, id: string) =>
  (await db.select({ id: designs.id, status: designs.status }).from(designs).where(eq(designs.id, id)).for('update').limit(1))[0];
