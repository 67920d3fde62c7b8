import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Table } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useCsvExport } from './data-table-export';
import { DataTablePagination } from './data-table-pagination';
import { DataTableBodyRows, DataTableHeaderRows } from './data-table-rows';
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
  const { columns, label, filterColumn, filterPlaceholder, exportName, enableSelection, urlPrefix, toolbar } = props;

  const allColumns = useWithSelection(columns as ColumnDef<T>[], enableSelection);

  const model = useDataTable(props, allColumns);
  const { table, state, isLoading, isFetching, error, retry } = model;
  const { exporting, exportCsv } = useCsvExport({
    table,
    name: exportName,
    request: model.request,
    fetchPage: props.mode === 'server' ? props.fetchPage : undefined,
    custom: props.onExport,
  });
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
          <DataTableHeaderRows table={table} columnClass={columnClass} />
          <DataTableBodyRows table={table} columnClass={columnClass} isLoading={isLoading} error={error} retry={retry} emptyMessage={props.emptyMessage} />
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

/** The columns, after a checkbox column (the page's rows all at once, or one) when rows can be selected. */
function useWithSelection<T>(columns: ColumnDef<T>[], enableSelection: boolean | undefined): ColumnDef<T>[] {
  const { t } = useTranslation('dashboard');
  return useMemo(() => {
    if (!enableSelection) return columns;
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
      cell: ({ row }) => <Checkbox checked={row.getIsSelected()} onCheckedChange={(value) => row.toggleSelected(!!value)} aria-label={t('table.selectRow')} />,
    };
    return [select, ...columns];
  }, [columns, enableSelection, t]);
}
