/**
 * GET /api/product/{id}/similar (decision 0027): up to 6 listings on the market like listing
 * `id` — for the page of an expired, sold or gone listing (an unknown id gets the newest).
 */
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function useSimilarListings(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.catalog.listing(id), 'similar'],
    queryFn: ({ signal }) => apiCall(apiRoutes.getSimilarListings, { params: { id }, signal }),
    enabled,
  });
}
