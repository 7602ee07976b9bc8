/**
 * The two sides of an unpaid booking:
 * - `useSellerOrders()`: GET /api/seller-orders, the bookings of the signed-in seller's products,
 *   newest first, a page at a time (`x-next-cursor`); each the docs/product.md §3 Order with the buyer's
 *   contact and `booking_state` (`open`, `paid`, `declined`, `cancelled`).
 * - `useDeclineOrder()`: PATCH /api/order/{id}/decline `{message?}` (seller) → `{modifiedCount}`.
 * - `useCancelOrder()`: DELETE /api/order/{id} (buyer) → `{deletedCount}`.
 * Both changes refresh the seller's bookings and the buyer's orders.
 */
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall, apiPage } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

export const sellerOrdersQueryOptions = (uid: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sellerOrders.list(uid),
    queryFn: ({ pageParam, signal }) =>
      apiPage(apiRoutes.listSellerOrders, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: uid !== '',
  });

/** The signed-in seller's bookings. */
export function useSellerOrders() {
  const { user } = useAuth();
  return useInfiniteQuery(sellerOrdersQueryOptions(user?.uid ?? ''));
}

function refreshOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sellerOrders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  ]);
}

export function useDeclineOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, message }: { orderId: string; message: string }) =>
      apiCall(apiRoutes.declineOrder, {
        params: { id: orderId },
        body: message ? { message } : {},
      }),
    onSettled: () => refreshOrders(queryClient),
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiCall(apiRoutes.cancelOrder, { params: { id: orderId } }),
    onSettled: () => refreshOrders(queryClient),
  });
}
