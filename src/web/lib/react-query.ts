/**
 * TanStack Query defaults (docs/product.md §9): 3 retries, 5 minutes garbage-collection time, retry delay
 * doubling from 1 s and capped at 30 s.
 *
 * Deviation: a 4xx answer other than 408/429 is not retried, because asking again cannot change
 * it (an unknown category would otherwise take 7 s to show the not-found page).
 */
import { hydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import { isApiError } from './api-client';

export const MAX_RETRIES = 3;
export const GC_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Whether a failed query should be tried again (docs/product.md §9: up to 3 retries). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s … at most 30 s (docs/product.md §9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/** Builds the app's QueryClient with the spec's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: GC_TIME_MS, staleTime },
    },
  });
}

/** How long data rendered by the server counts as fresh in the browser (decision 0015). */
export const SERVER_DATA_FRESH_MS = 60_000;

/**
 * Puts a server-rendered page's queries into `queryClient` (decision 0015): their data counts as
 * fresh for SERVER_DATA_FRESH_MS from arrival, so the hydrating page does not ask for it again,
 * and a query the server saw fail with 4xx (an unknown listing) is not retried on mount. The
 * arrival time replaces the server's clock, which may differ from the browser's.
 */
export function hydrateServerState(queryClient: QueryClient, state: DehydratedState): void {
  const arrived = Date.now();
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = arrived;
    if (query.state.status === 'error') query.state.errorUpdatedAt = arrived;
  }
  hydrate(queryClient, state);
  for (const query of state.queries) {
    if (query.state.status === 'success') serverData.set(query.queryHash, arrived);
    if (query.state.status === 'error') {
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
}

/** Query hash → when its server-rendered data arrived. */
const serverData = new Map<string, number>();

/** Fresh for a while when the data is still what the server rendered, else stale at once. */
function staleTime(query: Query): number {
  return serverData.get(query.queryHash) === query.state.dataUpdatedAt ? SERVER_DATA_FRESH_MS : 0;
}
