import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

type Props<T> = {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>;
  /** The address names nothing (an id that is not one): shown as the API's 404 is, without asking. */
  missing?: boolean;
  loading: ReactNode;
  /** Shown on a 404: the record is not there, or not the reader's. */
  notFound: ReactNode;
  /** Shown on a 410, when given: the address named a record once and no longer does (a link that expired). */
  gone?: ReactNode;
  /** Shown on any other failure, with the error to word (and, usually, a retry). */
  failed: (error: unknown) => ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * A detail page's states until its record is in (loading, not found, failed), then the page itself: each page
 * gives its own words and look for each state, and the order of the checks is the same everywhere.
 */
export function QueryState<T>({ query, missing = false, loading, notFound, gone, failed, children }: Props<T>) {
  const status = query.error instanceof ApiError ? query.error.status : undefined;
  if (missing || status === 404) return notFound;
  if (status === 410 && gone !== undefined) return gone;
  if (query.isError) return failed(query.error);
  if (query.data === undefined) return loading;
  return children(query.data);
}
