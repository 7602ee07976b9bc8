/**
 * Protected payment calls (src/contract/protected-payments.ts; decision 0042):
 * - `useReleasePayment()`: POST /api/order/{id}/payment/release `{handover_code}` (seller);
 * - `useRefundPayment()` / `useDisputePayment()`: POST …/payment/refund|dispute `{reason}`
 *   (buyer or seller);
 * - `usePaymentDisputes()` / `useDecidePaymentDispute()`: the admin's list and decision.
 * Every change refreshes the buyer's orders, the seller's bookings, listings and the disputes.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { invalidateListings, queryKeys } from '#web/lib/query-keys';

const disputesKey = ['payment-disputes'] as const;

function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sellerOrders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: disputesKey }),
    invalidateListings(queryClient),
  ]);
}

export function useReleasePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, code }: { orderId: string; code: string }) =>
      apiCall(apiRoutes.releasePayment, {
        params: { id: orderId },
        body: { handover_code: code },
      }),
    onSettled: () => refresh(queryClient),
  });
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      apiCall(apiRoutes.refundPayment, { params: { id: orderId }, body: { reason } }),
    onSettled: () => refresh(queryClient),
  });
}

export function useDisputePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      apiCall(apiRoutes.disputePayment, { params: { id: orderId }, body: { reason } }),
    onSettled: () => refresh(queryClient),
  });
}

export function usePaymentDisputes() {
  return useQuery({
    queryKey: disputesKey,
    queryFn: ({ signal }) => apiCall(apiRoutes.listPaymentDisputes, { signal }),
  });
}

export function useDecidePaymentDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      outcome,
      note,
    }: {
      orderId: string;
      outcome: 'release' | 'refund';
      note: string;
    }) =>
      apiCall(apiRoutes.decidePaymentDispute, {
        params: { id: orderId },
        body: note ? { outcome, note } : { outcome },
      }),
    onSettled: () => refresh(queryClient),
  });
}
