/**
 * The admin's risk queue (decision 0028): `GET /api/admin/risk-queue/{uid}` and its dismissal
 * with a note (`PATCH /api/admin/risk-queue/{uid}?id=`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

/** Under the moderation keys, so every moderation write refreshes it. */
const riskKey = (uid: string) => [...queryKeys.moderation.all, 'risk-queue', uid] as const;

export function useRiskQueue() {
  const { user } = useAuth();
  const uid = user?.uid ?? '';
  return useQuery({
    queryKey: riskKey(uid),
    queryFn: ({ signal }) => apiCall(apiRoutes.riskQueue, { params: { uid }, signal }),
    enabled: uid !== '',
  });
}

export function useDismissRisk() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; note: string }) => {
      if (!user) throw new Error('Not signed in');
      return apiCall(apiRoutes.dismissRisk, {
        params: { uid: user.uid },
        query: { id: input.id },
        body: { note: input.note },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
  });
}
