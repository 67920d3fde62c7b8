import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type Table as TanTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import {
  ArrowDownIcon,
  ArrowUpDownIcon,
  ArrowUpIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
  DownloadIcon,
  Settings2Icon,
} from 'lucide-react';
import { PAGE_SIZES } from '@meltway/shared/common/paging';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { downloadCsv, toCsv, type CsvValue } from './csv';
import { useTableUrlState, type TableState } from './table-url-state';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in headers, the columns menu and the CSV file. */
    label?: string;
    /** The CSV cell; defaults to the column's value. Columns without label or value are not exported. */
    csv?: (row: TData) => CsvValue;
    className?: string;
  }
}

export type PageRequest = Pick<TableState, 'page' | 'pageSize' | 'order' | 'q'> & { sort?: string };
export type PageResult<T> = { items: T[]; total: number };

/** Rows a CSV export of a server list may hold; more would be a report, not a table export. */
export const EXPORT_CAP = 10_000;
const EXPORT_PAGE_SIZE = 100;

type CommonProps<T> = {
  columns: ColumnDef<T, never>[] | ColumnDef<T>[];
  /** The accessible name of the table. */
  label: string;
  /** Id of the column the filter box searches (in server mode, the API's `q`). */
  filterColumn?: string;
  filterPlaceholder?: string;
  getRowId?: (row: T) => string;
  /** File name of the CSV export, without extension; no export button when absent. */
  exportName?: string;
  enableSelection?: boolean;
  /** Keeps two tables of one page apart in the address. */
  urlPrefix?: string;
  /** Extra controls beside the filter box (a status filter, an action). */
  toolbar?: ReactNode;
  emptyMessage?: string;
};

type ClientProps<T> = CommonProps<T> & {
  mode?: 'client';
  data: T[] | undefined;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
};

type ServerProps<T> = CommonProps<T> & {
  mode: 'server';
  /** Key of the list; the table's state is appended to it. */
  queryKey: QueryKey;
  fetchPage: (request: PageRequest) => Promise<PageResult<T>>;
};

export type DataTableProps<T> = ClientProps<T> | ServerProps<T>;

const EMPTY: never[] = [];

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function columnLabel<T>(column: Column<T>) {
  return column.columnDef.meta?.label ?? column.id;
}

function csvFor<T>(table: TanTable<T>, rows: T[]) {
  const columns = table.getVisibleLeafColumns().filter((c) => c.columnDef.meta?.label && c.id !== 'select');
  const headers = columns.map((c) => c.columnDef.meta!.label!);
  const lines = rows.map((original) =>
    columns.map((c) => {
      const meta = c.columnDef.meta;
      if (meta?.csv) return meta.csv(original);
      const value: unknown = c.accessorFn ? c.accessorFn(original, 0) : undefined;
      return value === undefined || value === null || typeof value === 'object' ? '' : (value as CsvValue);
    }),
  );
  return toCsv(headers, lines);
}

function SortHeader<T>({ column, children }: { column: Column<T>; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  if (!column.getCanSort()) return <>{children}</>;
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUpIcon : sorted === 'desc' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-3 h-8 px-3 data-[sorted=true]:text-foreground"
      data-sorted={!!sorted}
      onClick={() => column.toggleSorting(sorted === 'asc')}
      title={t('table.sortBy', { column: columnLabel(column) })}
    >
      {children}
      <Icon className="size-3.5" aria-hidden />
    </Button>
  );
}

/** The one table of the dashboard: filter, sort, page, select, hide columns and export, with its state in the URL. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('dashboard');
  const { columns, label, filterColumn, filterPlaceholder, getRowId, exportName, enableSelection, urlPrefix, toolbar } =
    props;
  const server = props.mode === 'server';
  const { state, set } = useTableUrlState(urlPrefix);
  const [filterText, setFilterText] = useState(state.q);
  const debouncedFilter = useDebounced(filterText, server ? 300 : 0);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const [exporting, setExporting] = useState(false);

  // The address can change under the table (back button, a shared link): follow it.
  useEffect(() => {
    setFilterText(state.q);
  }, [state.q]);
  useEffect(() => {
    if (debouncedFilter !== state.q) set({ q: debouncedFilter });
    // Only a settled change of the text writes to the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedFilter]);

  const request: PageRequest = {
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    order: state.order,
    q: state.q,
  };
  const serverQuery = useQuery({
    queryKey: server ? [...props.queryKey, request] : ['data-table-idle'],
    queryFn: () => (props as ServerProps<T>).fetchPage(request),
    enabled: server,
    placeholderData: keepPreviousData,
  });

  const data = server ? (serverQuery.data?.items ?? EMPTY) : (props.data ?? EMPTY);
  const isLoading = server ? serverQuery.isPending : !!props.isLoading;
  const error = server ? serverQuery.error : props.error;
  const retry = props.mode === 'server' ? () => void serverQuery.refetch() : props.onRetry;

  const allColumns = useMemo<ColumnDef<T>[]>(() => {
    const base = columns as ColumnDef<T>[];
    if (!enableSelection) return base;
    const select: ColumnDef<T> = {
      id: 'select',
      enableSorting: false,
      enableHiding: false,
      header: ({ table }) => (
        <Checkbox
          checked={table.getIsAllPageRowsSelected() || (table.getIsSomePageRowsSelected() && 'indeterminate')}
          onCheckedChange={(value) => table.toggleAllPageRowsSelected(!!value)}
          aria-label={t('table.selectAll')}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          checked={row.getIsSelected()}
          onCheckedChange={(value) => row.toggleSelected(!!value)}
          aria-label={t('table.selectRow')}
        />
      ),
    };
    return [select, ...base];
  }, [columns, enableSelection, t]);

  const sorting = state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : [];
  const columnFilters = filterColumn && state.q ? [{ id: filterColumn, value: state.q }] : [];
  const total = server ? (serverQuery.data?.total ?? 0) : undefined;

  // The table object is rebuilt each render on purpose: its state comes from the URL.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data,
    columns: allColumns,
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
  const visibleColumns = table.getVisibleLeafColumns().length;

  async function exportCsv() {
    if (!exportName) return;
    if (!server) {
      downloadCsv(exportName, csvFor(table, table.getPrePaginationRowModel().rows.map((r) => r.original)));
      return;
    }
    setExporting(true);
    try {
      const fetchPage = (props as ServerProps<T>).fetchPage;
      const rows: T[] = [];
      let count = Infinity;
      for (let page = 1; rows.length < Math.min(count, EXPORT_CAP); page += 1) {
        const result = await fetchPage({ ...request, page, pageSize: EXPORT_PAGE_SIZE });
        count = result.total;
        rows.push(...result.items);
        if (result.items.length < EXPORT_PAGE_SIZE) break;
      }
      downloadCsv(exportName, csvFor(table, rows.slice(0, EXPORT_CAP)));
      if (count > EXPORT_CAP) notify.info(t('table.exportCapped', { count: EXPORT_CAP }));
    } catch {
      notify.error(t('table.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide() && c.columnDef.meta?.label);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {filterColumn ? (
          <Input
            type="search"
            value={filterText}
            onChange={(event) => {
              setFilterText(event.target.value);
              if (!server) set({ q: event.target.value });
            }}
            placeholder={filterPlaceholder}
            aria-label={filterPlaceholder ?? t('table.filter')}
            className="h-9 w-full sm:max-w-xs"
          />
        ) : null}
        {toolbar}
        <div className="ml-auto flex items-center gap-2">
          {exportName ? (
            <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting || !ready}>
              {exporting ? <Spinner className="size-4" /> : <DownloadIcon aria-hidden />}
              {t('table.export')}
            </Button>
          ) : null}
          {hideable.length > 0 ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline" size="sm">
                  <Settings2Icon aria-hidden />
                  {t('table.columns')}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent className="min-w-44">
                <DropdownMenuLabel className="text-xs font-semibold text-muted-foreground">{t('table.toggleColumns')}</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {hideable.map((column) => (
                  <DropdownMenuCheckboxItem
                    key={column.id}
                    checked={column.getIsVisible()}
                    onCheckedChange={(value) => column.toggleVisibility(!!value)}
                    onSelect={(event) => event.preventDefault()}
                  >
                    {columnLabel(column)}
                  </DropdownMenuCheckboxItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
      </div>

      <div className="overflow-hidden rounded-lg border bg-background">
        <Table aria-label={label} aria-busy={isLoading || (server && serverQuery.isFetching) || undefined}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id} className="hover:bg-transparent">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <TableHead
                      key={header.id}
                      className={cn(header.column.id === 'select' && 'w-10', header.column.columnDef.meta?.className)}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.isPlaceholder ? null : (
                        <SortHeader column={header.column}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </SortHeader>
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {isLoading ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={visibleColumns} className="h-24 text-center text-muted-foreground">
                  <span className="inline-flex items-center gap-2" role="status">
                    <Spinner className="size-4" />
                    {t('table.loading')}
                  </span>
                </TableCell>
              </TableRow>
            ) : error ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={visibleColumns} className="h-24 text-center">
                  <span role="alert" className="text-destructive">
                    {t('table.error')}
                  </span>
                  {retry ? (
                    <Button variant="link" size="inline" className="ml-2" onClick={retry}>
                      {t('table.retry')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ) : table.getRowModel().rows.length ? (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={visibleColumns} className="h-24 text-center text-muted-foreground">
                  {props.emptyMessage ?? t('table.noResults')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>

      <div className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground" aria-live="polite">
          {enableSelection ? t('table.selected', { n: selected, m: filteredCount }) : t('table.rows', { count: filteredCount })}
        </p>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <div className="flex items-center gap-2">
            <span id={`${urlPrefix ?? 'table'}-page-size`} className="font-medium whitespace-nowrap">
              {t('table.rowsPerPage')}
            </span>
            <Select value={String(state.pageSize)} onValueChange={(value) => table.setPageSize(Number(value))}>
              <SelectTrigger className="h-8 w-[4.5rem]" aria-labelledby={`${urlPrefix ?? 'table'}-page-size`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent side="top">
                {PAGE_SIZES.map((size) => (
                  <SelectItem key={size} value={String(size)}>
                    {size}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <span className="font-medium whitespace-nowrap">
            {t('table.pageOf', { page: Math.min(state.page, pageCount), count: pageCount })}
          </span>
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              onClick={() => table.setPageIndex(0)}
              disabled={!table.getCanPreviousPage()}
              aria-label={t('table.first')}
            >
              <ChevronsLeftIcon aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
              aria-label={t('table.previous')}
            >
              <ChevronLeftIcon aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              onClick={() => table.nextPage()}
              disabled={!table.getCanNextPage()}
              aria-label={t('table.next')}
            >
              <ChevronRightIcon aria-hidden />
            </Button>
            <Button
              variant="outline"
              size="icon"
              className="size-8"
              onClick={() => table.setPageIndex(table.getPageCount() - 1)}
              disabled={!table.getCanNextPage()}
              aria-label={t('table.last')}
            >
              <ChevronsRightIcon aria-hidden />
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

