/**
 * Seller insights' calls: `GET /api/seller/insights` (the signed-in seller's own listings) and
 * `GET /api/time-to-sell` (how long comparable cars took to sell).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import type { TimeToSellQuery } from '#contract/insights';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

/** The seller's insights over the last `days` days; runs once a user is signed in. */
export function useSellerInsights(days: number) {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: queryKeys.sellerInsights.list(uid, days),
    queryFn: ({ signal }) => apiCall(apiRoutes.sellerInsights, { query: { days }, signal }),
    enabled: !loading && uid !== '',
  });
}

/** Time to sell for `query`; no call while it is null. */
export function useTimeToSell(query: TimeToSellQuery | null) {
  return useQuery({
    queryKey: queryKeys.timeToSell({ ...query }),
    queryFn: ({ signal }) => apiCall(apiRoutes.timeToSell, { query: query!, signal }),
    enabled: query !== null,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
