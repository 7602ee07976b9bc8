/**
 * Role checks (docs/product.md §4, §6, §7): `GET /api/user/{admin|seller|buyer}/{uid}` through the shared
 * client. They run once the auth state has finished loading and only for a signed-in user (the
 * server answers only for the caller's own uid). One user may hold several roles.
 */
import { useQuery } from '@tanstack/react-query';
import type { Role } from '#contract/limits';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '../api-client';
import { queryKeys } from '../query-keys';
import { useAuth } from './auth-context';

export type { Role };

/** Whether `uid` holds `role`: each role has its own call, answering `{isAdmin}`, `{isSeller}`… */
async function holdsRole(role: Role, uid: string, signal: AbortSignal): Promise<boolean> {
  const params = { uid };
  switch (role) {
    case 'admin':
      return (await apiCall(apiRoutes.adminRole, { params, signal })).isAdmin;
    case 'seller':
      return (await apiCall(apiRoutes.sellerRole, { params, signal })).isSeller;
    case 'buyer':
      return (await apiCall(apiRoutes.buyerRole, { params, signal })).isBuyer;
  }
}

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
  const query = useQuery({
    queryKey: queryKeys.roles.role(role, uid),
    queryFn: ({ signal }) => holdsRole(role, uid, signal),
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
