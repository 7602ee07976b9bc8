/**
 * Favourites (contract src/contract/favourites.ts), for the signed-in user:
 * - `useFavourites()`: GET /api/favourites, newest first, a page at a time;
 * - `useIsFavourite(productId)`: whether one listing is saved. The hearts of a page ask together:
 *   every id asked for in the same tick goes into one GET /api/favourites/ids call;
 * - `useToggleFavourite(productId)`: PUT or DELETE /api/favourites/{productId}, showing the new
 *   state at once and refreshing the list.
 */
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall, apiPage } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

function useUid(): string {
  const { user, loading } = useAuth();
  return loading ? '' : (user?.uid ?? '');
}

/** The most ids one GET /api/favourites/ids takes (the contract's limit). */
const batchMax = 100;
let batch: { ids: Set<string>; result: Promise<Set<string>> } | null = null;

/** Whether `productId` is saved, asked together with every other id asked in this tick. */
function loadSaved(productId: string): Promise<boolean> {
  if (!batch || batch.ids.size >= batchMax) {
    const ids = new Set<string>();
    const result = new Promise<Set<string>>((resolve, reject) => {
      setTimeout(() => {
        if (batch?.ids === ids) batch = null;
        apiCall(apiRoutes.favouriteIds, { query: { ids: [...ids].join(',') } }).then(
          (answer) => resolve(new Set(answer.ids)),
          reject,
        );
      }, 0);
    });
    batch = { ids, result };
  }
  batch.ids.add(productId);
  return batch.result.then((saved) => saved.has(productId));
}

export function useIsFavourite(productId: string) {
  const uid = useUid();
  return useQuery({
    queryKey: queryKeys.favourites.saved(uid, productId),
    queryFn: () => loadSaved(productId),
    enabled: uid !== '',
    staleTime: 60_000,
  });
}

export function useFavourites() {
  const uid = useUid();
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.favourites.list(uid),
      queryFn: ({ pageParam, signal }) =>
        apiPage(apiRoutes.listFavourites, { query: { cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      enabled: uid !== '',
    }),
  );
}

export function useToggleFavourite(productId: string) {
  const uid = useUid();
  const queryClient = useQueryClient();
  const key = queryKeys.favourites.saved(uid, productId);
  return useMutation({
    mutationFn: (save: boolean): Promise<{ favourite: boolean }> =>
      save
        ? apiCall(apiRoutes.addFavourite, { params: { productId } })
        : apiCall(apiRoutes.removeFavourite, { params: { productId } }),
    onMutate: (save): { previous: boolean | undefined } => {
      const previous = queryClient.getQueryData<boolean>(key);
      queryClient.setQueryData(key, save);
      return { previous };
    },
    onError: (_error, _save, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.favourites.list(uid) }),
  });
}
