/**
 * GET /api/product/{id}/price-guidance: the listing's price against its comparables,
 * for the badge next to its price. Prefetched by the server with the listing (ssr/pages.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export const listingPriceGuidanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.listingPriceGuidance(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.productPriceGuidance, { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });

export function useListingPriceGuidance(id: string) {
  return useQuery(listingPriceGuidanceQueryOptions(id));
}
