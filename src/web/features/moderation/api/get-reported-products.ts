/**
 * GET /api/reported-products/{uid} (admin; spec §7): reported live products, most reported
 * first — `_id, product_image, product_name, seller_name, reportCount` (spec §3 Reported
 * product). A work queue of at most 100; handled products leave it and the next ones appear.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportedProduct } from '../../../../contract/moderation';
import { apiPaths } from '../../../../contract/paths';
import { apiGet } from '../../../lib/api-client';
import { useAuth } from '../../auth/lib/auth-context';
import { moderationQueryKeys } from './query-keys';

export function getReportedProducts(uid: string, signal?: AbortSignal): Promise<ReportedProduct[]> {
  return apiGet<ReportedProduct[]>(apiPaths.reportedProducts(uid), signal);
}

export const reportedProductsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: moderationQueryKeys.reportedProducts(uid),
    queryFn: ({ signal }) => getReportedProducts(uid, signal),
    enabled: uid !== '',
  });

/** The signed-in admin's queue of reported products. */
export function useReportedProducts() {
  const { user } = useAuth();
  return useQuery(reportedProductsQueryOptions(user?.uid ?? ''));
}
