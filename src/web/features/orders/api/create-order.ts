/**
 * POST /api/orders (spec §2 booking modal, §7): books a product for the signed-in buyer.
 * Body: the spec's `{customer_info, product_info, seller_info, order_status: false}`; the server
 * reads only `product_info.product_id`, `customer_info.customer_phone` and
 * `customer_info.meeting_location` and fills the rest from the database. Answer
 * `{acknowledged, insertedId}` (201 new, 200 the existing unpaid order); 409 sold or deleted,
 * 403 own listing, 404 unknown product.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewOrder } from '../../../../contract/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';
import { orderQueryKeys } from './query-keys';

export interface InsertedOrder {
  acknowledged: true;
  /** The order id. */
  insertedId: string;
}

export async function createOrder(order: NewOrder): Promise<InsertedOrder> {
  const { data } = await apiRequest<InsertedOrder>(apiPaths.orders(), {
    method: 'POST',
    body: order,
  });
  return data;
}

/** Books a product; My Orders is refreshed afterwards. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}
