/**
 * The home page's "Recently listed": GET /api/search sorted `newest`, first page of
 * `recentListingsCount`. The search answers live listings only (the server's one "on the market"
 * definition, decision 0027), newest posting first. Keyed under `search` so every change that
 * refreshes searches (a new, sold or removed listing) refreshes it too.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** How many cards "Recently listed" shows: two full rows at 2 and 3 columns. */
export const recentListingsCount = 6;

export const recentListingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.recentListings,
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.search, {
        query: { sort: 'newest', limit: recentListingsCount } as never,
        signal,
      }),
    select: (answer) => answer.items,
  });

export function useRecentListings() {
  return useQuery(recentListingsQueryOptions());
}
