/**
 * Seller profiles and reviews (contract src/contract/reviews.ts):
 * - `useSellerProfile(uid)`: GET /api/sellers/{uid} (public) — card, rating, live listings,
 *   reviews;
 * - `useCreateReview()`: POST /api/reviews `{order_id, rating, text}` (the buyer of a paid order);
 * - `useReplyReview(id)`: POST /api/reviews/{id}/reply `{text}` (the reviewed seller, once).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** The seller `uid`'s public profile query (also prefetched by the server's page render). */
export const sellerProfileQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.sellerProfile(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.getSellerProfile, { params: { uid }, signal }),
    enabled: uid !== '',
  });

export function useSellerProfile(uid: string) {
  return useQuery(sellerProfileQueryOptions(uid));
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { order_id: string; rating: number; text: string }) =>
      apiCall(apiRoutes.createReview, { body }),
    // My Orders then shows the order as reviewed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
}

export function useReplyReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiCall(apiRoutes.replyReview, { params: { id }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
