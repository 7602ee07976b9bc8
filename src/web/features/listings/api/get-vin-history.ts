/**
 * GET /api/vin/{vin}/history (decision 0028; signed-in users): every listing on Second Gear that
 * carried the listing's VIN. Keyed under the listing, so an edit that refreshes the listing
 * refreshes its history too.
 */
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export function useVinHistory(listingId: string, vin: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.catalog.listing(listingId), 'vin-history', vin] as const,
    queryFn: ({ signal }) => apiCall(apiRoutes.vinHistory, { params: { vin: vin! }, signal }),
    enabled: enabled && vin !== null,
    staleTime: 60_000,
  });
}
