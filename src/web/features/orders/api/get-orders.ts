/**
 * GET /api/orders (docs/product.md §2 My Orders, §7): the signed-in buyer's orders, newest first, each the
 * docs/product.md §3 Order (`product_info.product_price` in dollars, `order_status` true once paid).
 */
import { useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

/** The buyer's orders; runs once a user is signed in (the route also requires the buyer role). */
export function useOrders() {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: queryKeys.orders.list(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.listOwnOrders, { signal }),
    enabled: !loading && uid !== '',
  });
}
