/** GET /api/categories (docs/product.md §7): all categories, sorted by name, for the home page's grid. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.categories,
    queryFn: ({ signal }) => apiCall(apiRoutes.listCategories, { signal }),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
