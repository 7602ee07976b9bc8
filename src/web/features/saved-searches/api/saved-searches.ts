/**
 * Saved searches (contract src/contract/saved-searches.ts), for the signed-in user:
 * - `useSavedSearches()`: GET /api/saved-searches (each with its new-match count);
 * - `useCreateSavedSearch()`: POST /api/saved-searches `{name, query, alert}`;
 * - `useUpdateSavedSearch()`: PATCH /api/saved-searches/{id} `{name?, alert?}`;
 * - `useDeleteSavedSearch()`: DELETE /api/saved-searches/{id};
 * - `useVisitSavedSearch()`: POST /api/saved-searches/{id}/visit (resets the new-match count).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchAlert } from '#contract/saved-searches';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

function useUid(): string {
  const { user, loading } = useAuth();
  return loading ? '' : (user?.uid ?? '');
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches.all });
}

export function useSavedSearches() {
  const uid = useUid();
  return useQuery({
    queryKey: queryKeys.savedSearches.list(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.listSavedSearches, { signal }),
    enabled: uid !== '',
  });
}

export function useCreateSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { name: string; query: Record<string, string>; alert: SavedSearchAlert }) =>
      apiCall(apiRoutes.createSavedSearch, { body: input }),
    onSettled: refresh,
  });
}

export function useUpdateSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; name?: string; alert?: SavedSearchAlert }) =>
      apiCall(apiRoutes.updateSavedSearch, {
        params: { id: input.id },
        body: { name: input.name, alert: input.alert },
      }),
    onSettled: refresh,
  });
}

export function useDeleteSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.deleteSavedSearch, { params: { id } }),
    onSettled: refresh,
  });
}

export function useVisitSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.visitSavedSearch, { params: { id } }),
    onSettled: refresh,
  });
}
