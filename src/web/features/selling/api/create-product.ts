/**
 * POST /api/products (spec §5 Add product, §7) with the spec §3 Product body → 201
 * {acknowledged, insertedId}. The server validates it again, takes the seller_* fields (but phone
 * and location) from the seller's own record and sets createAt and the flags itself.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Product } from '../../../../contract/entities';
import { apiPaths } from '../../../../contract/paths';
import type { NewProduct } from '../../../../contract/selling';
import { invalidateListings } from './invalidate-listings';

/** The body the spec's form sends: a Product without its id, `category` being its name. */
export type ProductBody = Omit<Product, '_id' | 'seller_verified'> & { category: string };

export async function createProduct(body: ProductBody & NewProduct): Promise<string> {
  const { data } = await apiRequest<{ insertedId: string }>(apiPaths.products(), {
    method: 'POST',
    body,
  });
  return data.insertedId;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => invalidateListings(queryClient),
  });
}
