import type { ReactNode } from 'react';
import type { Column } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function columnLabel<T>(column: Column<T>) {
  return column.columnDef.meta?.label ?? column.id;
}

/** A header that sorts its column: ascending, then descending. Columns that cannot sort show the header as is. */
export function DataTableColumnHeader<T>({ column, children }: { column: Column<T>; children: ReactNode }) {
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
