import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient, QUERY_RETRIES, shouldRetryQuery } from './query-client';

describe('query retries', () => {
  it('does not ask again after a 4xx', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(shouldRetryQuery(0, new ApiError(status, null))).toBe(false);
  });

  it('asks again once after a 5xx or network trouble, then gives up', () => {
    for (const error of [new ApiError(500, null), new ApiError(503, null), new ApiError(0, null), new TypeError('Failed to fetch')]) {
      expect(shouldRetryQuery(0, error)).toBe(true);
      expect(shouldRetryQuery(QUERY_RETRIES, error)).toBe(false);
    }
  });
});

describe('a record the server found missing', () => {
  it('comes back as the same ApiError, and is not asked for again as the page takes it over', async () => {
    const key = ['products', 'no-such-mat'];
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server
      .fetchQuery({
        queryKey: key,
        queryFn: () => Promise.reject(new ApiError(404, { message: 'Product not found', code: 'catalogue.productNotFound', params: { slug: 'no-such-mat' } })),
      })
      .catch(() => undefined);
    const sent = JSON.parse(JSON.stringify(dehydrate(server, { shouldDehydrateQuery: (query) => query.state.status === 'error' }))) as unknown;

    const client = createQueryClient(sent);
    const error = client.getQueryState(key)?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'catalogue.productNotFound', serverMessage: 'Product not found', params: { slug: 'no-such-mat' } });

    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => ((asked += 1), Promise.resolve('found')) });
    const stop = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(observer.getCurrentResult()).toMatchObject({ isError: true, fetchStatus: 'idle' });
    expect(asked).toBe(0);
    stop();
  });

  it('leaves other errors to be asked for again', async () => {
    const key = ['products', 'flaky'];
    const client = createQueryClient({
      queries: [{ queryKey: key, queryHash: JSON.stringify(key), state: { status: 'error', error: { name: 'TypeError', message: 'Failed to fetch' }, data: undefined, dataUpdatedAt: 0, errorUpdatedAt: Date.now(), fetchStatus: 'idle', dataUpdateCount: 0, errorUpdateCount: 1, fetchFailureCount: 1, fetchFailureReason: null, fetchMeta: null, isInvalidated: false } }],
      mutations: [],
    });
    let asked = 0;
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => ((asked += 1), Promise.resolve('found')) });
    const stop = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toBe(1);
    stop();
  });
});
