/**
 * The names a search's URL holds only as ids, for its heading and chips (lib/search-summary.ts):
 * - `usePlace(near)`: GET /api/places/{id}, the place `near` names (decision 0026), kept for the
 *   visit (a place's name does not change);
 * - `useCategoryName(id)`: the category's name from GET /api/categories (spec §7), the home
 *   page's query under the same key, which the server renders `/search` with.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/**
 * The place of the URL's `near` (a gazetteer id as text); disabled without one. The server
 * prefetches it for `/search` (app/ssr/pages.ts), so the heading's "near Austin" comes with the
 * HTML.
 */
export const placeQueryOptions = (near: string | undefined) => {
  const id = near ? Number(near) : null;
  return queryOptions({
    queryKey: queryKeys.place(id ?? 0),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.place, { params: { id: String(id) } as never, signal }),
    enabled: id !== null && Number.isInteger(id),
    staleTime: Infinity,
  });
};

/** The place of the URL's `near`, or no data while unknown. */
export function usePlace(near: string | undefined) {
  return useQuery(placeQueryOptions(near));
}

/** The name of the category `id`, or undefined while unknown (or when there is none). */
export function useCategoryName(id: string | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.catalog.categories,
    queryFn: ({ signal }) => apiCall(apiRoutes.listCategories, { signal }),
    enabled: Boolean(id),
  });
  return id ? data?.find((category) => category._id === id)?.category_name : undefined;
}
