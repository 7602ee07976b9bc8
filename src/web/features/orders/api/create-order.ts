/**
 * POST /api/orders (docs/product.md §2 booking modal, §7): books a product for the signed-in buyer.
 * Body: the spec's `{customer_info, product_info, seller_info, order_status: false}`; the server
 * reads only `product_info.product_id`, `customer_info.customer_phone` and
 * `customer_info.meeting_location` and fills the rest from the database. Answer
 * `{acknowledged, insertedId}` (201 new, 200 the existing unpaid order); 409 sold or deleted,
 * 403 own listing, 404 unknown product.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewOrder } from '#contract/orders';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** Books a product; My Orders is refreshed afterwards. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewOrder) => apiCall(apiRoutes.createOrder, { body: order }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
