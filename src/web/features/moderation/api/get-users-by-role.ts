/**
 * GET /api/users-by-role/{uid}?role=seller|buyer (admin; spec §7): the live users of one role,
 * newest first, a page at a time (the next page's cursor in the `x-next-cursor` header, absent
 * on the last page). Each user: `_id, uid, displayName, email, photoURL, role, status, isAdmin`
 * (src/contract/moderation.ts). `{uid}` is the signed-in admin's own uid.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ModeratedUser } from '../../../../contract/moderation';
import { apiPaths, nextCursorHeader } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../auth/lib/auth-context';
import { moderationQueryKeys } from './query-keys';

export type ModeratedRole = 'buyer' | 'seller';

export interface UsersPage {
  users: ModeratedUser[];
  /** Cursor of the next page, or null on the last page. */
  nextCursor: string | null;
}

export async function getUsersByRole(
  uid: string,
  role: ModeratedRole,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<UsersPage> {
  const query = cursor ? `&${new URLSearchParams({ cursor })}` : '';
  const { data, headers } = await apiRequest<ModeratedUser[]>(
    `${apiPaths.usersByRole(uid, role)}${query}`,
    { signal },
  );
  return { users: data, nextCursor: headers.get(nextCursorHeader) };
}

export const usersByRoleQueryOptions = (uid: string, role: ModeratedRole) =>
  infiniteQueryOptions({
    queryKey: moderationQueryKeys.users(uid, role),
    queryFn: ({ pageParam, signal }) => getUsersByRole(uid, role, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: uid !== '',
  });

/** The signed-in admin's list of sellers or buyers. */
export function useUsersByRole(role: ModeratedRole) {
  const { user } = useAuth();
  return useInfiniteQuery(usersByRoleQueryOptions(user?.uid ?? '', role));
}
