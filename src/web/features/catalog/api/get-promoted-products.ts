/** GET /api/promoted-product/ (docs/product.md §7): promoted, unsold products for the home Advertisement. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export const promotedProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.promotedProducts,
    queryFn: ({ signal }) => apiCall(apiRoutes.listPromotedProducts, { signal }),
  });

export function usePromotedProducts() {
  return useQuery(promotedProductsQueryOptions());
}
