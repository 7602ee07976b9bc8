/**
 * The names a search's URL holds only as ids, for its heading and chips (lib/search-summary.ts):
 * - `usePlace(near)`: the place `near` names (lib/place-query.ts, shared with saved searches);
 * - `useCategoryName(id)`: the category's name from GET /api/categories (docs/product.md §7), the home
 *   page's query under the same key, which the server renders `/search` with.
 */
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** The name of the category `id`, or undefined while unknown (or when there is none). */
export function useCategoryName(id: string | undefined): string | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.catalog.categories,
    queryFn: ({ signal }) => apiCall(apiRoutes.listCategories, { signal }),
    enabled: Boolean(id),
  });
  return id ? data?.find((category) => category._id === id)?.category_name : undefined;
}
