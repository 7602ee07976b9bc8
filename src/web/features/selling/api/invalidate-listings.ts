/**
 * After a seller adds, promotes or deletes a product, every list that may show it is stale:
 * the seller's own list, the home page's Advertisement (docs/product.md §2 Home) and the category pages.
 */
import type { QueryClient } from '@tanstack/react-query';
import { invalidateListings, queryKeys } from '#web/lib/query-keys';

/** Marks those lists stale; the ones on screen are fetched again at once. */
export async function invalidateSellerListings(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sellerProducts.all }),
    invalidateListings(queryClient),
  ]);
}
