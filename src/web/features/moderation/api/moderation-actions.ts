/**
 * The admin's writes (docs/product.md §7), each a TanStack mutation that refreshes the admin lists and the
 * catalogue once settled (done or refused: a 404 or 409 also means the list on screen is out of
 * date):
 * - PATCH /api/seller-verify/{uid}?id= → `{modifiedCount}` (0: already verified; 409 a buyer)
 * - DELETE /api/user-delete/{uid}?id= → `{deletedCount}` (0: nothing deleted; 409 yourself or
 *   the last admin)
 * - PATCH /api/report-product-safe/{uid}?id= → `{modifiedCount}` (0: no report to clear)
 * - DELETE /api/report-product-delete/{uid}?id= with the statement of reasons `{rule, facts,
 *   automated}` (DSA Art. 17) → `{deletedCount}` (0: already removed)
 * `{uid}` is the signed-in admin's own uid; `id` the record's `_id`. Errors are ApiError.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StatementBody } from '#contract/accountability';
import * as apiRoutes from '#contract/route-table';
import type { RouteAnswer } from '#contract/routes';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

/** The admin writes: each takes the admin's uid (path) and the target's `_id` (query). */
const adminWrites = {
  verifySeller: apiRoutes.verifySeller,
  deleteUser: apiRoutes.deleteUser,
  markProductSafe: apiRoutes.markProductSafe,
} as const;
type AdminWrite = (typeof adminWrites)[keyof typeof adminWrites];

/**
 * Marks the admin lists and the public catalogue stale after an admin action: a verified
 * seller's badge on the category page, a deleted seller's or listing's cards, the Advertisement
 * carousel. Lists on screen refetch at once.
 */
export function invalidateAfterModeration(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  ]);
}

/** A mutation of one admin write, taking the target's `_id`. */
function useModerationMutation<R extends AdminWrite>(route: R) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<RouteAnswer<R>> => {
      if (!user) throw new Error('Not signed in');
      // Every admin write takes the same input; the compiler checks it against all three routes.
      const write: AdminWrite = route;
      return apiCall(write, { params: { uid: user.uid }, query: { id } }) as Promise<
        RouteAnswer<R>
      >;
    },
    onSettled: () => {
      void invalidateAfterModeration(queryClient);
    },
  });
}

export const useVerifySeller = () => useModerationMutation(adminWrites.verifySeller);
export const useDeleteUser = () => useModerationMutation(adminWrites.deleteUser);
export const useMarkProductSafe = () => useModerationMutation(adminWrites.markProductSafe);
/** Removes a reported listing with its statement of reasons. */
export function useDeleteReportedProduct() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statement }: { id: string; statement: StatementBody }) => {
      if (!user) throw new Error('Not signed in');
      return apiCall(apiRoutes.deleteReportedProduct, {
        params: { uid: user.uid },
        query: { id },
        body: statement,
      });
    },
    onSettled: () => {
      void invalidateAfterModeration(queryClient);
    },
  });
}

/** The results an admin records of a business seller's trader details (decision 0046). */
export type TraderCheckResult = 'requested' | 'passed' | 'failed';

/**
 * PATCH /api/trader-check/{uid}?id= `{result}`: asks for (`requested`) or records (`passed`,
 * `failed`) a check of a business seller's trader details (audit-logged `trader.check`); 404 for
 * a seller who is not a business.
 */
export function useTraderCheck() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, result }: { id: string; result: TraderCheckResult }) => {
      if (!user) throw new Error('Not signed in');
      return apiCall(apiRoutes.traderCheck, {
        params: { uid: user.uid },
        query: { id },
        body: { result },
      });
    },
    onSettled: () => {
      void invalidateAfterModeration(queryClient);
    },
  });
}
