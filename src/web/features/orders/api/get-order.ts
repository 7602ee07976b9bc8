/**
 * GET /api/order/{id} (spec §2 Payment page, §7): one of the signed-in buyer's orders, answered
 * as `{success, data}`; 404 "No order found" for an unknown id or another buyer's order.
 */
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contract/orders';
import { apiGet } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';
import { orderQueryKeys } from './query-keys';

export async function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  const answer = await apiGet<{ success: true; data: Order }>(apiPaths.order(orderId), signal);
  return answer.data;
}

/**
 * One order of `uid` (the signed-in buyer). `enabled` false (nobody signed in, or not a buyer)
 * leaves it idle: spec §2 loads the order only when a user is signed in.
 */
export function useOrder(uid: string, orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderQueryKeys.detail(uid, orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    enabled: enabled && uid !== '' && orderId !== '',
  });
}
