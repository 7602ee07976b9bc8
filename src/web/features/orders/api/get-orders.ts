/**
 * GET /api/orders (spec §2 My Orders, §7): the signed-in buyer's orders, newest first, each the
 * spec §3 Order (`product_info.product_price` in dollars, `order_status` true once paid).
 */
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contract/orders';
import { apiGet } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';
import { useAuth } from '../../auth/lib/auth-context';
import { orderQueryKeys } from './query-keys';

export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiGet<Order[]>(apiPaths.orders(), signal);
}

/** The buyer's orders; runs once a user is signed in (the route also requires the buyer role). */
export function useOrders() {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: orderQueryKeys.list(uid),
    queryFn: ({ signal }) => getOrders(signal),
    enabled: !loading && uid !== '',
  });
}
