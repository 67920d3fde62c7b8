import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { CsvValue } from './csv';
import type { TableState } from './table-url-state';

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
  /**
   * The export done by the caller instead (the API's own CSV of every row the filters match); the
   * button shows with it, and a failure says so.
   */
  onExport?: () => Promise<void>;
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

export type ServerProps<T> = CommonProps<T> & {
  mode: 'server';
  /** Key of the list; the table's state is appended to it. */
  queryKey: QueryKey;
  fetchPage: (request: PageRequest) => Promise<PageResult<T>>;
};

export type DataTableProps<T> = ClientProps<T> | ServerProps<T>;
