/**
 * The viewing deposit's calls (src/contract/deposits.ts):
 * - `useMarkDeposit()`: POST /api/order/{id}/deposit/outcome `{outcome}` (seller);
 * - `useDisputeDeposit()`: POST /api/order/{id}/deposit/dispute `{reason}` (buyer);
 * - `useDepositDisputes()` / `useDecideDispute()`: the admin's list and decision.
 * Every change refreshes the buyer's orders, the seller's bookings and the disputes.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

const disputesKey = ['deposit-disputes'] as const;

function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sellerOrders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: disputesKey }),
  ]);
}

export function useMarkDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      outcome,
    }: {
      orderId: string;
      outcome: 'viewing_happened' | 'no_show';
    }) => apiCall(apiRoutes.markDeposit, { params: { id: orderId }, body: { outcome } }),
    onSettled: () => refresh(queryClient),
  });
}

export function useDisputeDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      apiCall(apiRoutes.disputeDeposit, { params: { id: orderId }, body: { reason } }),
    onSettled: () => refresh(queryClient),
  });
}

export function useDepositDisputes() {
  return useQuery({
    queryKey: disputesKey,
    queryFn: ({ signal }) => apiCall(apiRoutes.listDepositDisputes, { signal }),
  });
}

export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      decision,
      note,
    }: {
      orderId: string;
      decision: 'refund' | 'keep';
      note: string;
    }) =>
      apiCall(apiRoutes.decideDepositDispute, {
        params: { id: orderId },
        body: note ? { decision, note } : { decision },
      }),
    onSettled: () => refresh(queryClient),
  });
}
