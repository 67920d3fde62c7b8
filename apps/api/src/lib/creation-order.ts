import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The columns a list of append-only rows is kept in creation order by: the `(…, created_at, id)` tail of its index. */
export type CreationColumns = { createdAt: AnyPgColumn; id: AnyPgColumn };

/**
 * The part of such a list that a query of `creationPage` (lib/creation-pages.ts) reads: the rows at or before a
 * bookmark (`start`), or those created at or before its horizon (`settled`) or after it (`recent`).
 */
export type CreationPart = 'start' | 'settled' | 'recent';

const ph = sql.placeholder;

/**
 * The condition of a part, with the placeholders its prepared statement is given: `startAt` and `startId` (the
 * bookmark: `(created_at, id)` at or before it), or `horizon`.
 */
export function creationPart(t: CreationColumns, part: CreationPart): SQL {
  if (part === 'start') return sql`(${t.createdAt}, ${t.id}) <= (${ph('startAt')}::timestamptz, ${ph('startId')}::uuid)`;
  if (part === 'settled') return sql`${t.createdAt} <= ${ph('horizon')}::timestamptz`;
  return sql`${t.createdAt} > ${ph('horizon')}::timestamptz`;
}

/** Newest first, or oldest first (`asc`: a bookmark counted from the oldest row); the id breaks ties. */
export const creationOrder = (t: CreationColumns, dir: 'asc' | 'desc' = 'desc') => (dir === 'asc' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)]);
