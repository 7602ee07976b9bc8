/**
 * The calls of accountable moderation (src/contract/accountability.ts):
 * - GET /api/moderation-decisions (seller) → the removals of the caller's listings, with their
 *   statements of reasons and appeals;
 * - POST /api/appeals `{product_id, text}` (seller) → `{acknowledged, insertedId}`; 409 when
 *   already appealed or too late;
 * - GET /api/appeals/{uid} (admin) → the appeals, pending first;
 * - PATCH /api/appeal-decide/{uid}?id= `{outcome, reason}` (admin) → `{modifiedCount}`;
 * - GET /api/transparency (public) → the last 12 months in numbers.
 * Writes refresh every moderation list and the catalogue (a reversal puts a listing back).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';
import { invalidateAfterModeration } from './moderation-actions';

/** The signed-in seller's removed listings with their statements (My Products). */
export function useModerationDecisions() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: queryKeys.moderation.decisions(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.listModerationDecisions, { signal }),
    enabled: uid !== '',
  });
}

/** The seller appeals a removal. */
export function useCreateAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: string; text: string }) =>
      apiCall(apiRoutes.createAppeal, { body: { product_id: input.productId, text: input.text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
  });
}

/** The admin's list of appeals. */
export function useAppeals() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: queryKeys.moderation.appeals(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.listAppeals, { params: { uid }, signal }),
    enabled: uid !== '',
  });
}

/** The admin upholds or reverses an appeal with a reason. */
export function useDecideAppeal() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; outcome: 'upheld' | 'reversed'; reason: string }) => {
      if (!user) throw new Error('Not signed in');
      return apiCall(apiRoutes.decideAppeal, {
        params: { uid: user.uid },
        query: { id: input.id },
        body: { outcome: input.outcome, reason: input.reason },
      });
    },
    onSettled: () => {
      void invalidateAfterModeration(queryClient);
    },
  });
}

/** The public transparency report. */
export function useTransparency() {
  return useQuery({
    queryKey: queryKeys.moderation.transparency,
    queryFn: ({ signal }) => apiCall(apiRoutes.getTransparency, { signal }),
  });
}
