/**
 * Route guards (docs/product.md §2 route table, §6). Each renders the nested routes (<Outlet />) when the
 * check passes and a progress bar while the user or the role is being checked.
 * - RequireAuth: a visitor goes to /login, which sends them back to `state.from` after signing in.
 * - RequireRole: a user without the role (and, for admin pages, a visitor: docs/product.md §6) goes to the
 *   role's not-found page.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';
import { paths } from '../paths';
import { useAuth } from './auth-context';
import type { FromState } from './redirect';
import { useRole, type Role } from './roles';

export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <ProgressBar label="Checking your account" />;
  if (!user) {
    const state: FromState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login.href()} replace state={state} />;
  }
  return <Outlet />;
}

const roleNotFound = {
  admin: paths.adminNotFound.href(),
  seller: paths.sellerNotFound.href(),
  buyer: paths.buyerNotFound.href(),
} as const;

export function RequireRole({ role }: { role: Role }) {
  const { user } = useAuth();
  const location = useLocation();
  const { holds, isLoading } = useRole(role);
  if (isLoading) return <ProgressBar label="Checking your account" />;
  if (!user || !holds) {
    // The seller's page keeps the way back (`?next=`): once the account adds the seller role
    // there, it goes on to the page that was asked for (e.g. the listing form).
    const next =
      role === 'seller' && user
        ? `?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`
        : '';
    return <Navigate to={`${roleNotFound[role]}${next}`} replace />;
  }
  return <Outlet />;
}
