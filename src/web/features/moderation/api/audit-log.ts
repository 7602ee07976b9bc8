/**
 * GET /api/audit-log/{uid}?action= (admin; decision 0006): who did what to which record, newest
 * first, a page at a time (the next page's cursor in the `x-next-cursor` header, absent on the
 * last page), optionally only one action. Each entry: `_id, action, actorId, actorUid,
 * actorName, targetType, targetId, targetName, targetSellerUid, details, createdAt`
 * (src/contract/moderation.ts). `{uid}` is the signed-in admin's own uid.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction } from '#contract/moderation';
import * as apiRoutes from '#contract/route-table';
import { apiPage } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

/** Under the moderation keys, so every moderation write refreshes it. */
const auditLogKey = (uid: string, action: AuditAction | undefined) =>
  [...queryKeys.moderation.all, 'audit-log', uid, action ?? 'all'] as const;

export const auditLogQueryOptions = (uid: string, action: AuditAction | undefined) =>
  infiniteQueryOptions({
    queryKey: auditLogKey(uid, action),
    queryFn: ({ pageParam, signal }) =>
      apiPage(apiRoutes.listAuditLog, {
        params: { uid },
        query: { action, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: uid !== '',
  });

/** The signed-in admin's view of the audit log, only `action` when given. */
export function useAuditLog(action: AuditAction | undefined) {
  const { user } = useAuth();
  return useInfiniteQuery(auditLogQueryOptions(user?.uid ?? '', action));
}
