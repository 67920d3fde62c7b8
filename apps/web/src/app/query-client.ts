import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** Network trouble and 5xx answers are asked again this many times; a 4xx will not change by asking again. */
export const QUERY_RETRIES = 1;
export const RETRY_DELAY_MS = 500;

export function shouldRetryQuery(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

/** The client; `serverState` is what the server rendered the page with (dehydrated), taken as fresh. */
export function createQueryClient(serverState?: unknown) {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // An error shows within a second rather than after several growing waits.
        retry: shouldRetryQuery,
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  if (serverState) {
    reviveMissing(client, serverState as DehydratedState);
    hydrate(client, serverState);
  }
  return client;
}

/**
 * A record the server found missing comes with its query's error as plain JSON: it is made an `ApiError` again,
 * which the page reads as it did on the server, and the query is not asked for again as the page takes it over.
 */
function reviveMissing(client: QueryClient, state: DehydratedState) {
  for (const query of state.queries ?? []) {
    const error = query.state.error as { name?: unknown; status?: unknown; code?: unknown; serverMessage?: unknown; issues?: unknown; params?: unknown } | null;
    if (query.state.status !== 'error' || error?.name !== 'ApiError' || typeof error.status !== 'number') continue;
    (query.state as { error: unknown }).error = new ApiError(error.status, { message: error.serverMessage, code: error.code, issues: error.issues, params: error.params });
    client.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}
