import type { ColumnDef } from '@tanstack/react-table';

type SortOrder = 'asc' | 'desc';

/** The columns of a list the API sorts: those whose ids `sorts` names sort from their header, no other. */
export function sortableBy<T>(columns: ColumnDef<T>[], sorts: readonly string[]): ColumnDef<T>[] {
  return columns.map((c) => ({ ...c, enableSorting: sorts.includes(c.id ?? '') }));
}

/**
 * The table's sort as the API takes it: `{ sort, order }` when it sorts a column the API sorts by, nothing
 * otherwise (the list's default order), so a column id from an old address never makes a refused request.
 */
export function serverSort<S extends string>(sorts: readonly S[], sort: string | undefined, order: SortOrder): { sort?: S; order?: SortOrder } {
  const known = sorts.find((s) => s === sort);
  return known ? { sort: known, order } : {};
}
