import { flexRender, type Table as TanstackTable } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DataTableColumnHeader } from './data-table-column-header';

/** A cell's classes by its column: its width, whether it stays in view, and the column's own. */
export type ColumnClass = (id: string, className: string | undefined) => string;

/** The table's header row: each column's sort button and its `aria-sort`. */
export function DataTableHeaderRows<T>({ table, columnClass }: { table: TanstackTable<T>; columnClass: ColumnClass }) {
  return (
    <TableHeader>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id} className="hover:bg-transparent">
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <TableHead
                key={header.id}
                className={columnClass(header.column.id, header.column.columnDef.meta?.className)}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              >
                {header.isPlaceholder ? null : (
                  <DataTableColumnHeader column={header.column}>{flexRender(header.column.columnDef.header, header.getContext())}</DataTableColumnHeader>
                )}
              </TableHead>
            );
          })}
        </TableRow>
      ))}
    </TableHeader>
  );
}

type BodyProps<T> = {
  table: TanstackTable<T>;
  columnClass: ColumnClass;
  isLoading: boolean;
  error: unknown;
  retry: (() => void) | undefined;
  emptyMessage: string | undefined;
};

/** The table's rows; while loading, on an error (with a retry) or when there are none, one row that says so. */
export function DataTableBodyRows<T>({ table, columnClass, isLoading, error, retry, emptyMessage }: BodyProps<T>) {
  const { t } = useTranslation('dashboard');
  const visibleColumns = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  return (
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
      ) : rows.length ? (
        rows.map((row) => (
          <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
            {row.getVisibleCells().map((cell) => (
              <TableCell key={cell.id} className={columnClass(cell.column.id, cell.column.columnDef.meta?.className)}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </TableCell>
            ))}
          </TableRow>
        ))
      ) : (
        <TableRow className="hover:bg-transparent">
          <TableCell colSpan={visibleColumns} className="h-24 text-center text-muted-foreground">
            {emptyMessage ?? t('table.noResults')}
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}
