/**
 * GET /api/products (docs/product.md §7): the signed-in seller's own products, newest first, as docs/product.md §3
 * Products (prices in dollars). Cached per seller, so another account signing in on the same tab
 * never sees them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export const sellerProductsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.sellerProducts.list(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.listOwnProducts, { signal }),
  });

export function useSellerProducts(uid: string) {
  return useQuery(sellerProductsQueryOptions(uid));
}
