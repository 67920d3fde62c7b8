import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { QUERY_RETRIES, shouldRetryQuery } from './query-client';

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
