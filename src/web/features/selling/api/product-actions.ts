/**
 * The seller's actions on an own product (spec §7), `uid` being the seller's own:
 * - PATCH /api/promote-product/{uid}?id= → {message, modifiedCount}; 409 with a message for a
 *   sold product.
 * - DELETE /api/product-delete/{uid}?id= → {deletedCount}.
 * Both refresh the lists that may show the product.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../../contract/paths';
import { invalidateListings } from './invalidate-listings';

export interface ProductAction {
  uid: string;
  productId: string;
}

export async function promoteProduct({ uid, productId }: ProductAction) {
  const { data } = await apiRequest<{ message: string; modifiedCount: number }>(
    apiPaths.promoteProduct(uid, productId),
    { method: 'PATCH' },
  );
  return data;
}

export async function deleteProduct({ uid, productId }: ProductAction) {
  const { data } = await apiRequest<{ deletedCount: number }>(
    apiPaths.deleteProduct(uid, productId),
    { method: 'DELETE' },
  );
  return data;
}

export function usePromoteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteProduct,
    onSettled: () => invalidateListings(queryClient),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => invalidateListings(queryClient),
  });
}
