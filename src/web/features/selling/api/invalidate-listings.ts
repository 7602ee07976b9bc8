/**
 * After a seller adds, promotes or deletes a product, every list that may show it is stale:
 * the seller's own list, the home page's Advertisement (spec §2 Home) and the category pages.
 */
import type { QueryClient } from '@tanstack/react-query';
import { promotedProductsQueryOptions } from '../../catalog/api/get-promoted-products';
import { categoryProductsQueryOptions } from '../../catalog/api/get-category-products';
import { sellerProductsKey } from './get-seller-products';

/** Marks those lists stale; the ones on screen are fetched again at once. */
export async function invalidateListings(queryClient: QueryClient): Promise<void> {
  // Every category's pages: the first part of the key, shared by all categories.
  const categoryPages = categoryProductsQueryOptions('').queryKey.slice(0, 1);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sellerProductsKey }),
    queryClient.invalidateQueries({ queryKey: promotedProductsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: categoryPages }),
  ]);
}
