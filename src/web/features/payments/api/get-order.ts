/**
 * GET /api/order/{id} (docs/product.md §2 Payment page, §7): the order the payment page pays, one of the
 * signed-in buyer's, answered as `{success, data}`; 404 "No order found" for an unknown id or
 * another buyer's order.
 */
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/**
 * One order of `uid` (the signed-in buyer). `enabled` false (nobody signed in, or not a buyer)
 * leaves it idle: docs/product.md §2 loads the order only when a user is signed in.
 */
export function useOrder(uid: string, orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.orders.detail(uid, orderId),
    queryFn: async ({ signal }) =>
      (await apiCall(apiRoutes.getOrder, { params: { id: orderId }, signal })).data,
    enabled: enabled && uid !== '' && orderId !== '',
  });
}
