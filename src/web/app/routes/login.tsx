/**
 * `/login` composed with the catalog's reason for signing in ("Sign in to see Sedan listings"
 * when a visitor was sent here from a category page; composed here because features do not
 * import each other).
 */
import { LoginRoute } from '../../features/accounts/routes/login';
import { CategorySignInReason } from '../../features/catalog/components/category-sign-in-reason';

export function LoginWithReasonRoute() {
  return <LoginRoute renderReason={(from) => <CategorySignInReason path={from} />} />;
}
