import { useState } from 'react';
import type { Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { downloadCsv, toCsv, type CsvValue } from './csv';
import type { PageRequest, PageResult } from './types';

/** Rows a CSV export of a server list may hold; more would be a report, not a table export. */
const EXPORT_CAP = 10_000;
const EXPORT_PAGE_SIZE = 100;

/** The CSV text of `rows` in the table's visible, labelled columns. */
function tableCsv<T>(table: Table<T>, rows: T[]) {
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

/**
 * The export button's action: a client table downloads its filtered, sorted rows; a server table fetches
 * every page of the current filter and sort (up to EXPORT_CAP rows) first; `custom` replaces both.
 */
export function useCsvExport<T>(options: {
  table: Table<T>;
  name: string | undefined;
  request: PageRequest;
  fetchPage?: (request: PageRequest) => Promise<PageResult<T>>;
  custom?: () => Promise<void>;
}) {
  const { table, name, request, fetchPage, custom } = options;
  const { t } = useTranslation('dashboard');
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (custom) {
      setExporting(true);
      try {
        await custom();
      } catch {
        notify.error(t('table.exportFailed'));
      } finally {
        setExporting(false);
      }
      return;
    }
    if (!name) return;
    if (!fetchPage) {
      downloadCsv(name, tableCsv(table, table.getPrePaginationRowModel().rows.map((r) => r.original)));
      return;
    }
    setExporting(true);
    try {
      const rows: T[] = [];
      let count = Infinity;
      for (let page = 1; rows.length < Math.min(count, EXPORT_CAP); page += 1) {
        const result = await fetchPage({ ...request, page, pageSize: EXPORT_PAGE_SIZE });
        count = result.total;
        rows.push(...result.items);
        if (result.items.length < EXPORT_PAGE_SIZE) break;
      }
      downloadCsv(name, tableCsv(table, rows.slice(0, EXPORT_CAP)));
      if (count > EXPORT_CAP) notify.info(t('table.exportCapped', { count: EXPORT_CAP }));
    } catch {
      notify.error(t('table.exportFailed'));
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
