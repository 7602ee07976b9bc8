/**
 * One gazetteer place by id (decision 0026): `GET /api/places/{id}`, kept for the visit (a
 * place's name does not change). For the names a URL or a saved query holds only as a `near` id:
 * the search page's heading and location field, a saved search's summary. The server prefetches
 * it for `/search` (app/ssr/pages.ts), so the heading's "near Austin" comes with the HTML.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from './api-client';
import { queryKeys } from './query-keys';

/** The place `near` names (a gazetteer id as text); disabled without one. */
export const placeQueryOptions = (near: string | undefined) => {
  const id = near ? Number(near) : null;
  return queryOptions({
    queryKey: queryKeys.place(id ?? 0),
    queryFn: ({ signal }) => apiCall(apiRoutes.place, { params: { id: String(id) }, signal }),
    enabled: id !== null && Number.isInteger(id),
    staleTime: Infinity,
  });
};

/** The place `near` names, or no data while unknown. */
export function usePlace(near: string | undefined) {
  return useQuery(placeQueryOptions(near));
}
