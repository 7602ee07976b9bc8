/**
 * GET /api/search: one page of live listings matching the URL's filters, with the
 * total and facet counts; "Load more" passes the answer's `next_cursor`.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { apiSearchQuery, type SearchState } from '../lib/search-params';

export const searchQueryOptions = (state: SearchState) => {
  const { sort, ...filters } = apiSearchQuery(state);
  return infiniteQueryOptions({
    queryKey: queryKeys.search({ filters, sort: sort as SearchState['sort'] }),
    queryFn: ({ pageParam, signal }) =>
      apiCall(apiRoutes.search, {
        query: { ...filters, sort, cursor: pageParam ?? undefined } as never,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
};

export function useSearchListings(state: SearchState) {
  return useInfiniteQuery(searchQueryOptions(state));
}
