/**
 * GET /api/reported-products/{uid} (admin; docs/product.md §7): reported live products, most reported
 * first — `_id, product_image, product_name, seller_name, reportCount` (docs/product.md §3 Reported
 * product). A work queue of at most 100; handled products leave it and the next ones appear.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

export const reportedProductsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.moderation.reportedProducts(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.listReportedProducts, { params: { uid }, signal }),
    enabled: uid !== '',
  });

/** The signed-in admin's queue of reported products. */
export function useReportedProducts() {
  const { user } = useAuth();
  return useQuery(reportedProductsQueryOptions(user?.uid ?? ''));
}
