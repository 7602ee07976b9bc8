/**
 * The seller's actions on an own product (docs/product.md §7), `uid` being the seller's own:
 * - PATCH /api/promote-product/{uid}?id= → {message, modifiedCount}; 409 with a message for a
 *   sold product.
 * - DELETE /api/product-delete/{uid}?id= → {deletedCount}.
 * Both refresh the lists that may show the product.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import type { RouteBody } from '#contract/routes';
import { apiCall } from '#web/lib/api-client';
import { invalidateSellerListings } from './invalidate-listings';

export interface ProductAction {
  /** The seller's own uid. */
  uid: string;
  productId: string;
}

export function usePromoteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, productId }: ProductAction) =>
      apiCall(apiRoutes.promoteProduct, { params: { uid }, query: { id: productId } }),
    onSettled: () => invalidateSellerListings(queryClient),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, productId }: ProductAction) =>
      apiCall(apiRoutes.deleteProduct, { params: { uid }, query: { id: productId } }),
    onSettled: () => invalidateSellerListings(queryClient),
  });
}

/**
 * PATCH /api/product/{id} with the changed fields → {modifiedCount}; 403 for someone
 * else's listing, 409 when a sold listing's price would change, 400 naming a bad field.
 */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      productId,
      body,
    }: {
      productId: string;
      body: RouteBody<typeof apiRoutes.updateProduct>;
    }) => apiCall(apiRoutes.updateProduct, { params: { id: productId }, body }),
    onSettled: () => invalidateSellerListings(queryClient),
  });
}

/** PATCH /api/product/{id}/availability {unavailable} → {modifiedCount}. */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, unavailable }: { productId: string; unavailable: boolean }) =>
      apiCall(apiRoutes.setProductAvailability, {
        params: { id: productId },
        body: { unavailable },
      }),
    onSettled: () => invalidateSellerListings(queryClient),
  });
}

/**
 * Decision 0027: PATCH /api/product/{id}/status {status, sold_price?} → {modifiedCount}; 409 for
 * a change the listing's state does not allow.
 */
export function useSetListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      productId,
      body,
    }: {
      productId: string;
      body: RouteBody<typeof apiRoutes.setListingStatus>;
    }) => apiCall(apiRoutes.setListingStatus, { params: { id: productId }, body }),
    onSettled: () => invalidateSellerListings(queryClient),
  });
}

/** Decision 0027: POST /api/product/{id}/renew → {expires_at}; relists an expired listing. */
export function useRenewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      apiCall(apiRoutes.renewListing, { params: { id: productId } }),
    onSettled: () => invalidateSellerListings(queryClient),
  });
}
