/**
 * `PATCH /api/order/{id}/viewing` (decision 0034): the booking's buyer or seller proposes a
 * viewing time (`{action: 'propose', at}`) or confirms the other side's (`{action: 'confirm'}`).
 * Refreshes both sides' order lists and the conversations (each step adds a note there).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export type ViewingAction = { action: 'confirm' } | { action: 'propose'; at: string };

export function useUpdateViewing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, change }: { orderId: string; change: ViewingAction }) =>
      apiCall(apiRoutes.updateViewing, { params: { id: orderId }, body: change }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sellerOrders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
      ]),
  });
}
