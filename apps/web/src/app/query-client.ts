import { hydrate, QueryClient } from '@tanstack/react-query';
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
  if (serverState) hydrate(client, serverState);
  return client;
}
