/**
 * TanStack Query defaults (spec §9): 3 retries, 5 minutes garbage-collection time, retry delay
 * doubling from 1 s and capped at 30 s.
 *
 * Deviation: a 4xx answer other than 408/429 is not retried, because asking again cannot change
 * it (an unknown category would otherwise take 7 s to show the not-found page).
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

export const MAX_RETRIES = 3;
export const GC_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Whether a failed query should be tried again (spec §9: up to 3 retries). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s … at most 30 s (spec §9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/** Builds the app's QueryClient with the spec's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: GC_TIME_MS },
    },
  });
}
