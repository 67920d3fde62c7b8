import { asc, desc, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/** A sort of a newest-first list other than newest first: one of its column ids, either way. */
export type Sorting<S extends string> = { sort: S; order: 'asc' | 'desc' };

/**
 * The sort a list or its export asks for (`sort`, `order`: desc unless told); none, or newest first (the
 * default), is undefined, which keeps the list's bookmarked paging.
 */
export function sortingOf<S extends string>(q: { sort?: S; order?: 'asc' | 'desc' }): Sorting<S> | undefined {
  const order = q.order ?? 'desc';
  return q.sort && !(q.sort === 'created_at' && order === 'desc') ? { sort: q.sort, order } : undefined;
}

/**
 * The ORDER BY of a sorting: its column (or expression) then the row's id, both that way, so equal keys keep one
 * order and paging never repeats or skips a row; `newestFirst` when there is no sorting.
 */
export function sortedBy<S extends string>(columns: Record<S, AnyColumn | SQLWrapper>, id: AnyColumn, sorting: Sorting<S> | undefined, newestFirst: SQL[]): SQL[] {
  if (!sorting) return newestFirst;
  const dir = sorting.order === 'asc' ? asc : desc;
  return [dir(columns[sorting.sort]), dir(id)];
}

/** The part of a prepared statement's name that tells its sorting. */
export const sortingName = (sorting: Sorting<string> | undefined) => (sorting ? `${sorting.sort}.${sorting.order}` : 'newest');
