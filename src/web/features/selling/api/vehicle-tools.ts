/**
 * Vehicle tools on Add A Product and the edit page (decision 0019): `GET /api/price-guidance` (what similar cars are
 * listed for, asked once the seller pauses typing) and `GET /api/vin/{vin}` (offline VIN
 * decoding, on the `Decode VIN` button).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import type { PriceGuidanceQuery } from '#contract/vehicles';
import type { TimeToSellQuery } from '#contract/insights';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** Price guidance for `query`; no call while it is null (make, model or year not filled yet). */
export function usePriceGuidance(query: PriceGuidanceQuery | null) {
  return useQuery({
    queryKey: queryKeys.priceGuidance({ ...query }),
    queryFn: ({ signal }) => apiCall(apiRoutes.priceGuidance, { query: query!, signal }),
    enabled: query !== null,
    staleTime: 5 * 60_000,
    // Keeps the last answer on screen while the next one loads: the line does not flicker.
    placeholderData: keepPreviousData,
  });
}

/** Time to sell (seller insights) for the car and price typed; no call while it is null. */
export function useTimeToSell(query: TimeToSellQuery | null) {
  return useQuery({
    queryKey: queryKeys.timeToSell({ ...query }),
    queryFn: ({ signal }) => apiCall(apiRoutes.timeToSell, { query: query!, signal }),
    enabled: query !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Decodes a VIN (17 characters, checked by the caller). */
export function useDecodeVin() {
  return useMutation({
    mutationFn: (vin: string) => apiCall(apiRoutes.decodeVin, { params: { vin } }),
  });
}
