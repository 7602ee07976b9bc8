/**
 * GET /api/category/{id}?cursor= (docs/product.md §7): one category's products, newest first, a page at a
 * time. The next page's cursor comes in the `x-next-cursor` response header (absent on the last
 * page). An unknown category answers 404, a malformed id 400.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiPage } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export const categoryProductsQueryOptions = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.catalog.categoryProducts(categoryId),
    queryFn: ({ pageParam, signal }) =>
      apiPage(apiRoutes.listCategoryProducts, {
        params: { id: categoryId },
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useCategoryProducts(categoryId: string) {
  return useInfiniteQuery(categoryProductsQueryOptions(categoryId));
}
