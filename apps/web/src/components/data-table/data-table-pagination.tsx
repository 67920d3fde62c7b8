import type { Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from 'lucide-react';
import { PAGE_SIZES } from '@meltway/shared/common/paging';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Below the table: the row (or selection) count, rows per page, the page number and the four page buttons. */
export function DataTablePagination<T>(props: {
  table: Table<T>;
  page: number;
  pageSize: number;
  pageCount: number;
  /** Rows after filtering, on every page. */
  count: number;
  /** Selected rows, when the table selects. */
  selected?: number;
  /** Makes the rows-per-page label's id unique on the page. */
  idPrefix?: string;
}) {
  const { table, page, pageSize, pageCount, count, selected, idPrefix = 'table' } = props;
  const { t } = useTranslation('dashboard');
  const labelId = `${idPrefix}-page-size`;
  return (
    <div className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground" aria-live="polite">
        {selected !== undefined ? t('table.selected', { n: selected, m: count }) : t('table.rows', { count })}
      </p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <div className="flex items-center gap-2">
          <span id={labelId} className="font-medium whitespace-nowrap">
            {t('table.rowsPerPage')}
          </span>
          <Select value={String(pageSize)} onValueChange={(value) => table.setPageSize(Number(value))}>
            <SelectTrigger className="h-8 w-[4.5rem]" aria-labelledby={labelId}>
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
        <span className="font-medium whitespace-nowrap">{t('table.pageOf', { page: Math.min(page, pageCount), count: pageCount })}</span>
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
  );
}
