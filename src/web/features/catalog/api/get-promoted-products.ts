/** GET /api/promoted-product/ (spec §7): promoted, unsold products for the home Advertisement. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PromotedProduct } from '../../../lib/contract';
import { apiGet } from '../../../lib/api-client';

export function getPromotedProducts(signal?: AbortSignal): Promise<PromotedProduct[]> {
  return apiGet<PromotedProduct[]>(apiPaths.promotedProducts(), signal);
}

export const promotedProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['promoted-products'],
    queryFn: ({ signal }) => getPromotedProducts(signal),
  });

export function usePromotedProducts() {
  return useQuery(promotedProductsQueryOptions());
}
