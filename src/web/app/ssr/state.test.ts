/**
 * Decisions 0015 and 0022: the query cache a server-rendered page carries holds no server
 * clock, so the same data always gives the same bytes (and the page the same ETag); the browser
 * still hydrates it as fresh data, and errors still travel as `ApiError`s.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { createQueryClient, hydrateServerState } from '../../lib/react-query';
import { serializeState } from './state';

const listingKey = ['product', 'a1'] as const;
const missingKey = ['product', 'missing'] as const;

/** A server render's cache at `time` (ms since the epoch): one listing and one 404. */
async function renderedAt(time: number): Promise<string> {
  vi.setSystemTime(time);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(listingKey, { _id: 'a1', product_name: 'Corolla', resell_price: 5000 });
  await queryClient.prefetchQuery({
    queryKey: missingKey,
    queryFn: () => Promise.reject(new ApiError(404, 'Product not found')),
  });
  vi.setSystemTime(time + 250);
  return serializeState(
    dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' || query.state.status === 'error',
    }),
  );
}

describe('serializeState', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the same bytes for the same data rendered at different times', async () => {
    vi.useFakeTimers();
    const first = await renderedAt(Date.UTC(2026, 10, 24, 9, 0, 0));
    const later = await renderedAt(Date.UTC(2026, 10, 24, 9, 7, 30));
    expect(later).toBe(first);
    expect(first).not.toMatch(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":[1-9]/);
    expect(first).toContain('"product_name":"Corolla"');
  });

  it('writes an API error as name, status and message', async () => {
    vi.useFakeTimers();
    const state = JSON.parse(await renderedAt(Date.UTC(2026, 10, 24))) as {
      queries: { queryKey: unknown[]; state: { error: unknown } }[];
    };
    const missing = state.queries.find((query) => query.queryKey[1] === 'missing');
    expect(missing?.state.error).toEqual({
      name: 'ApiError',
      status: 404,
      message: 'Product not found',
    });
  });

  it('hydrates in the browser as data that arrived now, not at time 0', async () => {
    vi.useFakeTimers();
    const serialized = await renderedAt(Date.UTC(2026, 10, 24));
    const arrival = Date.UTC(2026, 10, 24, 12, 0, 0);
    vi.setSystemTime(arrival);
    const browser = createQueryClient();
    hydrateServerState(browser, JSON.parse(serialized) as Parameters<typeof hydrateServerState>[1]);
    expect(browser.getQueryData(listingKey)).toMatchObject({ product_name: 'Corolla' });
    expect(browser.getQueryState(listingKey)?.dataUpdatedAt).toBe(arrival);
    expect(browser.getQueryState(missingKey)?.errorUpdatedAt).toBe(arrival);
  });
});
