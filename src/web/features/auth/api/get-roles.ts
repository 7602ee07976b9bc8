/**
 * Role checks (spec §4, §6, §7): `GET /api/user/{admin|seller|buyer}/{uid}` through the shared
 * client. They run once the auth state has finished loading and only for a signed-in user (the
 * server answers only for the caller's own uid). One user may hold several roles.
 */
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { accountApiPaths } from '../../../lib/contract';
import { useAuth } from '../lib/auth-context';

export type Role = 'admin' | 'seller' | 'buyer';

const endpoints = {
  admin: { url: accountApiPaths.isAdmin, field: 'isAdmin' },
  seller: { url: accountApiPaths.isSeller, field: 'isSeller' },
  buyer: { url: accountApiPaths.isBuyer, field: 'isBuyer' },
} as const;

export const roleQueryKeys = {
  all: ['roles'] as const,
  role: (role: Role, uid: string) => ['roles', role, uid] as const,
};

/** Roles change rarely (an operator or admin changes them); a signed-out user's are dropped. */
const ROLE_STALE_MS = 5 * 60 * 1000;

export interface RoleCheck {
  /** True when the signed-in user holds the role. */
  holds: boolean;
  /** True while the user or the role is being checked. */
  isLoading: boolean;
}

/** Whether the signed-in user holds `role`. */
export function useRole(role: Role): RoleCheck {
  const { user, loading } = useAuth();
  const uid = user?.uid ?? '';
  const enabled = !loading && uid !== '';
  const { url, field } = endpoints[role];
  const query = useQuery({
    queryKey: roleQueryKeys.role(role, uid),
    queryFn: async ({ signal }) => {
      const answer = await apiGet<Record<typeof field, boolean>>(url(uid), signal);
      return answer[field] === true;
    },
    enabled,
    staleTime: ROLE_STALE_MS,
  });
  return {
    holds: enabled && query.data === true,
    isLoading: loading || (enabled && query.isPending),
  };
}

export const useIsAdmin = () => useRole('admin');
export const useIsSeller = () => useRole('seller');
export const useIsBuyer = () => useRole('buyer');
