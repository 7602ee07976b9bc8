/**
 * GET /api/users-by-role/{uid}?role=seller|buyer (admin; docs/product.md §7): the live users of one role,
 * newest first, a page at a time (the next page's cursor in the `x-next-cursor` header, absent
 * on the last page). Each user: `_id, uid, displayName, email, photoURL, role, status, isAdmin`
 * (src/contract/moderation.ts). `{uid}` is the signed-in admin's own uid.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { RegistrationRole } from '#contract/limits';
import * as apiRoutes from '#contract/route-table';
import { apiPage } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth/auth-context';
import { queryKeys } from '#web/lib/query-keys';

/** The roles an admin lists: the self-registration roles (docs/product.md §6). */
export type ModeratedRole = RegistrationRole;

export const usersByRoleQueryOptions = (uid: string, role: ModeratedRole) =>
  infiniteQueryOptions({
    queryKey: queryKeys.moderation.users(uid, role),
    queryFn: ({ pageParam, signal }) =>
      apiPage(apiRoutes.listUsersByRole, {
        params: { uid },
        query: { role, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: uid !== '',
  });

/** The signed-in admin's list of sellers or buyers. */
export function useUsersByRole(role: ModeratedRole) {
  const { user } = useAuth();
  return useInfiniteQuery(usersByRoleQueryOptions(user?.uid ?? '', role));
}
