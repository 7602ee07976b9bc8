/**
 * GET /api/products (spec §7): the signed-in seller's own products, newest first, as spec §3
 * Products (prices in dollars). Cached per seller, so another account signing in on the same tab
 * never sees them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { Product } from '../../../../contract/entities';
import { apiPaths } from '../../../../contract/paths';

/** The key prefix of every seller's product list (invalidate it after a change). */
export const sellerProductsKey = ['seller-products'] as const;

export const sellerProductsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: [...sellerProductsKey, uid],
    queryFn: ({ signal }) => apiGet<Product[]>(apiPaths.products(), signal),
  });

export function useSellerProducts(uid: string) {
  return useQuery(sellerProductsQueryOptions(uid));
}
