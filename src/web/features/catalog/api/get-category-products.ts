/**
 * GET /api/category/{id}?cursor= (spec §7): one category's products, newest first, a page at a
 * time. The next page's cursor comes in the `x-next-cursor` response header (absent on the last
 * page). An unknown category answers 404, a malformed id 400.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, nextCursorHeader, type ProductCard } from '../../../lib/contract';
import { apiRequest } from '../../../lib/api-client';

export interface CategoryProductsPage {
  products: ProductCard[];
  /** Cursor of the next page, or null on the last page. */
  nextCursor: string | null;
}

export async function getCategoryProducts(
  categoryId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CategoryProductsPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await apiRequest<ProductCard[]>(
    `${apiPaths.categoryProducts(categoryId)}${query}`,
    { signal },
  );
  return { products: data, nextCursor: headers.get(nextCursorHeader) };
}

export const categoryProductsQueryOptions = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: ['category-products', categoryId],
    queryFn: ({ pageParam, signal }) => getCategoryProducts(categoryId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export function useCategoryProducts(categoryId: string) {
  return useInfiniteQuery(categoryProductsQueryOptions(categoryId));
}
