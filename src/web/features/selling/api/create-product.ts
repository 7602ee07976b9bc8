/**
 * POST /api/products (docs/product.md §5 Add product, §7) with the docs/product.md §3 Product body → 201
 * {acknowledged, insertedId}. The server validates it again, takes the seller_* fields (but phone
 * and location) from the seller's own record and sets createAt and the flags itself.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '#contract/entities';
import * as apiRoutes from '#contract/route-table';
import type { NewProduct } from '#contract/selling';
import { apiCall } from '#web/lib/api-client';
import { invalidateSellerListings } from './invalidate-listings';

/** The body the spec's form sends: a Product without its id, `category` being its name. */
export type ProductBody = Omit<
  Product,
  | '_id'
  | 'seller_verified'
  | 'seller_verification'
  | 'seller_rating'
  | 'listing_status'
  | 'expires_at'
  | 'place'
  | 'seller_type'
  | 'trader'
> & {
  category: string;
};

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductBody & NewProduct) =>
      (await apiCall(apiRoutes.createProduct, { body })).insertedId,
    onSuccess: () => invalidateSellerListings(queryClient),
  });
}
