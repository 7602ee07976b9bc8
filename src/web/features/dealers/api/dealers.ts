/**
 * Dealer calls (src/contract/dealers.ts; decision 0046): trader details, inventory import and its
 * reports, the scheduled feed and the API keys. The profile (with `seller_type` and `trader`) is
 * the accounts feature's query; it is refetched after the trader details change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import type { RouteBody } from '#contract/routes';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { invalidateListings, queryKeys } from '#web/lib/query-keys';

export type TraderBody = RouteBody<typeof apiRoutes.putTrader>;

/** Saves the caller's trader details: the seller becomes (or stays) a business seller. */
export function usePutTrader() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: TraderBody) => apiCall(apiRoutes.putTrader, { body }),
    onSuccess: () =>
      Promise.all([
        user && queryClient.invalidateQueries({ queryKey: queryKeys.profile(user.uid) }),
        invalidateListings(queryClient),
      ]),
  });
}

/** The caller's import reports, newest first. */
export function useImportReports(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['dealer-imports', user?.uid ?? ''],
    queryFn: ({ signal }) => apiCall(apiRoutes.listImports, { signal }),
    enabled: enabled && user !== null,
  });
}

/** Runs an import of `file`; a real run refetches every listing. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      mode,
      dryRun,
    }: {
      file: File;
      mode: 'full' | 'partial';
      dryRun: boolean;
    }) => {
      const form = new FormData();
      form.append('file', file);
      return apiCall(apiRoutes.createImport, {
        query: { mode, dry_run: dryRun ? 'true' : 'false' },
        form,
      });
    },
    onSuccess: (result) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dealer-imports'] }),
        !result.dry_run && invalidateListings(queryClient),
      ]),
  });
}

export type FeedBody = RouteBody<typeof apiRoutes.putFeed>;

/** The caller's feed with its schedule and its last run's report (null when none is set). */
export function useDealerFeed(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['dealer-feed', user?.uid ?? ''],
    queryFn: ({ signal }) => apiCall(apiRoutes.getFeed, { signal }),
    enabled: enabled && user !== null,
  });
}

/** Sets the feed's address, mode and interval. */
export function usePutFeed() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: FeedBody) => apiCall(apiRoutes.putFeed, { body }),
    onSuccess: (feed) => queryClient.setQueryData(['dealer-feed', user?.uid ?? ''], feed),
  });
}

/** Stops the feed. */
export function useDeleteFeed() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => apiCall(apiRoutes.deleteFeed, {}),
    onSuccess: () => queryClient.setQueryData(['dealer-feed', user?.uid ?? ''], null),
  });
}

/** The caller's live API keys, newest first, with their last use. */
export function useApiKeys(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['dealer-api-keys', user?.uid ?? ''],
    queryFn: ({ signal }) => apiCall(apiRoutes.listApiKeys, { signal }),
    enabled: enabled && user !== null,
  });
}

/** Creates an API key; the answer holds the key itself, shown once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiCall(apiRoutes.createApiKey, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dealer-api-keys'] }),
  });
}

/** Revokes an API key at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(apiRoutes.revokeApiKey, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['dealer-api-keys'] }),
  });
}
