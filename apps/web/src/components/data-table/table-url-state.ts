import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@meltway/shared/common/paging';

type SortOrder = 'asc' | 'desc';

/** What a table shows, as kept in the address: a reload or a shared link opens the same page. */
export type TableState = {
  page: number;
  pageSize: number;
  sort: string | undefined;
  order: SortOrder;
  q: string;
};

export type TableStatePatch = Partial<TableState> & Record<string, string | number | undefined>;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Reads and writes a table's state in the search params; `prefix` keeps two tables on one page apart.
 * Changing anything but the page goes back to page 1.
 */
export function useTableUrlState(prefix = '') {
  const [params, setParams] = useSearchParams();
  const name = useCallback((key: string) => (prefix ? `${prefix}.${key}` : key), [prefix]);

  const state = useMemo<TableState>(() => {
    const size = positive(params.get(name('pageSize')), DEFAULT_PAGE_SIZE);
    return {
      page: positive(params.get(name('page')), 1),
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      sort: params.get(name('sort')) ?? undefined,
      order: params.get(name('order')) === 'desc' ? 'desc' : 'asc',
      q: params.get(name('q')) ?? '',
    };
  }, [params, name]);

  const get = useCallback((key: string) => params.get(name(key)) ?? undefined, [params, name]);

  const set = useCallback(
    (patch: TableStatePatch) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const entries = Object.entries(patch);
          for (const [key, value] of entries) {
            const defaults: Record<string, unknown> = { page: 1, pageSize: DEFAULT_PAGE_SIZE, q: '', order: 'asc' };
            if (value === undefined || value === '' || value === defaults[key]) next.delete(name(key));
            else next.set(name(key), String(value));
          }
          if (!('page' in patch)) next.delete(name('page'));
          return next;
        },
        { replace: true },
      );
    },
    [setParams, name],
  );

  return { state, get, set };
}
