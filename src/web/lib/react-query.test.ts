import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, GC_TIME_MS, retryDelay, shouldRetry } from './react-query';

describe('the retry policy (docs/product.md §9: 3 retries, delay doubling from 1 s, at most 30 s)', () => {
  it('retries a network or server failure up to 3 times', () => {
    const failure = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, failure))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new ApiError(503, 'Service Unavailable'))).toBe(true);
    expect(shouldRetry(0, new ApiError(500, 'Internal Server Error'))).toBe(true);
  });

  it('does not retry a 4xx answer, which asking again cannot change, but 408 and 429', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, new ApiError(status, 'no'))).toBe(false);
    }
    expect(shouldRetry(0, new ApiError(408, 'Request Timeout'))).toBe(true);
    expect(shouldRetry(0, new ApiError(429, 'Too Many Requests'))).toBe(true);
    expect(shouldRetry(3, new ApiError(429, 'Too Many Requests'))).toBe(false);
  });

  it('waits 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('is the query client’s default, with 5 minutes of garbage-collection time', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.retryDelay).toBe(retryDelay);
    expect(queries?.gcTime).toBe(GC_TIME_MS);
    expect(GC_TIME_MS).toBe(300_000);
  });
});
