import type { ReactNode } from 'react';
import type { Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { DataTableViewOptions } from './data-table-view-options';

/** Above the table: the filter box, the caller's controls, then Export and the Columns menu on the right. */
export function DataTableToolbar<T>(props: {
  table: Table<T>;
  filter?: { text: string; onChange: (text: string) => void; placeholder?: string };
  /** The export action; no Export button without it. */
  onExport?: () => void;
  exporting?: boolean;
  exportDisabled?: boolean;
  children?: ReactNode;
}) {
  const { table, filter, onExport, exporting, exportDisabled, children } = props;
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex flex-wrap items-center gap-2">
      {filter ? (
        <Input
          type="search"
          value={filter.text}
          onChange={(event) => filter.onChange(event.target.value)}
          placeholder={filter.placeholder}
          aria-label={filter.placeholder ?? t('table.filter')}
          className="h-9 w-full sm:max-w-xs"
        />
      ) : null}
      {children}
      <div className="ml-auto flex items-center gap-2">
        {onExport ? (
          <Button variant="outline" size="sm" onClick={onExport} disabled={exporting || exportDisabled}>
            {exporting ? <Spinner className="size-4" /> : <DownloadIcon aria-hidden />}
            {t('table.export')}
          </Button>
        ) : null}
        <DataTableViewOptions table={table} />
      </div>
    </div>
  );
}
