import { useMemo } from 'react';
import { flexRender, type ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { DataTableColumnHeader } from './data-table-column-header';
import { useCsvExport } from './data-table-export';
import { DataTablePagination } from './data-table-pagination';
import { DataTableToolbar } from './data-table-toolbar';
import type { DataTableProps } from './types';
import { useDataTable } from './use-data-table';
import { useScrollEdges } from './use-scroll-edges';

export type { DataTableProps, PageRequest, PageResult } from './types';

/** The column of a row's buttons: it stays in view at the right edge while the rest scrolls under it. */
const ACTIONS = 'actions';
const EDGE = 'pointer-events-none absolute inset-y-0 z-20 w-6 from-foreground/15 to-transparent';
// A collapsed table draws neither box shadows nor borders of sticky cells well: a pseudo-element casts the shadow.
const STICKY_SHADOW =
  "before:pointer-events-none before:absolute before:inset-y-0 before:-left-4 before:w-4 before:bg-linear-to-l before:from-foreground/15 before:to-transparent before:content-['']";

/** The one table of the dashboard: filter, sort, page, select, hide columns and export, with its state in the URL. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('dashboard');
  const { columns, label, filterColumn, filterPlaceholder, exportName, enableSelection, urlPrefix, toolbar } = props;

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

  const model = useDataTable(props, allColumns);
  const { table, state, isLoading, isFetching, error, retry } = model;
  const { exporting, exportCsv } = useCsvExport({
    table,
    name: exportName,
    request: model.request,
    fetchPage: props.mode === 'server' ? props.fetchPage : undefined,
    custom: props.onExport,
  });
  const visibleColumns = table.getVisibleLeafColumns().length;
  const { ref: scrollRef, edges } = useScrollEdges<HTMLDivElement>();
  const hasActions = table.getVisibleLeafColumns().some((c) => c.id === ACTIONS);
  // The actions cell covers the right edge: its own shadow says more columns lie under it.
  const columnClass = (id: string, className: string | undefined) =>
    cn(
      id === 'select' && 'w-10',
      id === ACTIONS && 'sticky right-0 z-10 bg-background',
      id === ACTIONS && edges.right && STICKY_SHADOW,
      className,
    );

  return (
    <div className="grid gap-3">
      <DataTableToolbar
        table={table}
        filter={filterColumn ? { text: model.filterText, onChange: model.changeFilter, placeholder: filterPlaceholder } : undefined}
        onExport={exportName || props.onExport ? () => void exportCsv() : undefined}
        exporting={exporting}
        exportDisabled={!model.ready}
      >
        {toolbar}
      </DataTableToolbar>

      <div
        className="relative overflow-hidden rounded-lg border bg-background"
        data-scroll-left={edges.left || undefined}
        data-scroll-right={edges.right || undefined}
      >
        {edges.left ? <div aria-hidden data-testid="scroll-hint-left" className={cn(EDGE, 'left-0 bg-linear-to-r')} /> : null}
        {edges.right && !hasActions ? (
          <div aria-hidden data-testid="scroll-hint-right" className={cn(EDGE, 'right-0 bg-linear-to-l')} />
        ) : null}
        <Table containerRef={scrollRef} aria-label={label} aria-busy={isLoading || isFetching || undefined}>
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
                        <DataTableColumnHeader column={header.column}>
                          {flexRender(header.column.columnDef.header, header.getContext())}
                        </DataTableColumnHeader>
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
                    <TableCell key={cell.id} className={columnClass(cell.column.id, cell.column.columnDef.meta?.className)}>
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

      {/* Loading and errors have their own row; a count of 0 beside them would contradict it. */}
      {model.ready ? (
        <DataTablePagination
          table={table}
          page={state.page}
          pageSize={state.pageSize}
          pageCount={model.pageCount}
          count={model.filteredCount}
          selected={enableSelection ? model.selected : undefined}
          idPrefix={urlPrefix}
        />
      ) : null}
    </div>
  );
}
