/**
 * GET /api/product/{id}: one listing with every field and its seller card; 404 for an
 * unknown or removed one. GET /api/product/{id}/contact: the seller's phone and e-mail, asked
 * only for a signed-in user.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** The listing `id`'s query (also prefetched by the server when it renders the page). */
export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.listing(id),
    queryFn: ({ signal }) => apiCall(apiRoutes.getListing, { params: { id }, signal }),
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}

/** The seller's contact; disabled (no call) without a signed-in user. */
export function useSellerContact(id: string, uid: string | undefined) {
  return useQuery({
    queryKey: queryKeys.catalog.sellerContact(uid ?? '', id),
    queryFn: ({ signal }) => apiCall(apiRoutes.getSellerContact, { params: { id }, signal }),
    enabled: uid !== undefined,
  });
}
