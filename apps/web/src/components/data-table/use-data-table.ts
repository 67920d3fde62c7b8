import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type VisibilityState,
} from '@tanstack/react-table';
import { useTableUrlState } from './table-url-state';
import type { DataTableProps, PageRequest, ServerProps } from './types';

const EMPTY: never[] = [];

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The state of a DataTable: the address holds page, size, sort and filter; the rows come from the caller
 * (client mode) or from one query per page (server mode).
 */
export function useDataTable<T>(props: DataTableProps<T>, columns: ColumnDef<T>[]) {
  const { filterColumn, getRowId, enableSelection, urlPrefix } = props;
  const server = props.mode === 'server';
  const { state, set } = useTableUrlState(urlPrefix);
  const [filterText, setFilterText] = useState(state.q);
  const debouncedFilter = useDebounced(filterText, server ? 300 : 0);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});

  // The address can change under the table (back button, a shared link): follow it.
  useEffect(() => {
    setFilterText(state.q);
  }, [state.q]);
  useEffect(() => {
    if (debouncedFilter !== state.q) set({ q: debouncedFilter });
    // Only a settled change of the text writes to the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedFilter]);

  const request: PageRequest = useMemo(
    () => ({ page: state.page, pageSize: state.pageSize, sort: state.sort, order: state.order, q: state.q }),
    [state.page, state.pageSize, state.sort, state.order, state.q],
  );
  const serverQuery = useQuery({
    queryKey: server ? [...props.queryKey, request] : ['data-table-idle'],
    queryFn: () => (props as ServerProps<T>).fetchPage(request),
    enabled: server,
    placeholderData: keepPreviousData,
  });

  const data = server ? (serverQuery.data?.items ?? EMPTY) : (props.data ?? EMPTY);
  const isLoading = server ? serverQuery.isPending : !!props.isLoading;
  const isFetching = server && serverQuery.isFetching;
  const error = server ? serverQuery.error : props.error;
  const retry = props.mode === 'server' ? () => void serverQuery.refetch() : props.onRetry;

  const sorting = state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : [];
  const columnFilters = filterColumn && state.q ? [{ id: filterColumn, value: state.q }] : [];
  const total = server ? (serverQuery.data?.total ?? 0) : undefined;

  // The table object is rebuilt each render on purpose: its state comes from the URL.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data,
    columns,
    getRowId,
    state: {
      sorting,
      columnFilters,
      pagination: { pageIndex: state.page - 1, pageSize: state.pageSize },
      rowSelection,
      columnVisibility,
    },
    manualPagination: server,
    manualSorting: server,
    manualFiltering: server,
    rowCount: total,
    autoResetPageIndex: false,
    enableRowSelection: !!enableSelection,
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      set({ sort: first?.id, order: first ? (first.desc ? 'desc' : 'asc') : undefined });
    },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater({ pageIndex: state.page - 1, pageSize: state.pageSize }) : updater;
      if (next.pageSize !== state.pageSize) set({ pageSize: next.pageSize });
      else set({ page: next.pageIndex + 1 });
    },
    getCoreRowModel: getCoreRowModel(),
    ...(server
      ? {}
      : {
          getFilteredRowModel: getFilteredRowModel(),
          getSortedRowModel: getSortedRowModel(),
          getPaginationRowModel: getPaginationRowModel(),
        }),
  });

  const pageCount = Math.max(1, table.getPageCount());
  const ready = !isLoading && !error;
  // A page past the end (rows deleted, a stale link) shows the last page instead.
  useEffect(() => {
    if (ready && state.page > pageCount) set({ page: pageCount });
  }, [ready, state.page, pageCount, set]);

  const selected = Object.values(rowSelection).filter(Boolean).length;
  const filteredCount = server ? (total ?? 0) : table.getFilteredRowModel().rows.length;

  /** Writes the filter box's text; a client table filters at once, a server table once the typing settles. */
  function changeFilter(text: string) {
    setFilterText(text);
    if (!server) set({ q: text });
  }

  return {
    table,
    state,
    request,
    server,
    filterText,
    changeFilter,
    isLoading,
    isFetching,
    error,
    retry,
    ready,
    pageCount,
    selected,
    filteredCount,
  };
}
