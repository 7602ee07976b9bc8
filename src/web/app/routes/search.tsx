/**
 * `/search` (issue 13) with the saved-searches feature's `Save this search` (issue 15) for a
 * signed-in user with a user record; composed here because features do not import each other.
 */
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button';
import { SearchRoute } from '../../features/search/routes/search';
import { useAuth } from '../../lib/auth/auth-context';
import { useIsAdmin, useIsBuyer, useIsSeller } from '../../lib/auth/roles';

export function SearchWithSaveRoute() {
  const { user } = useAuth();
  const hasRecord = [useIsAdmin(), useIsSeller(), useIsBuyer()].some((role) => role.holds);
  return (
    <SearchRoute
      renderSave={user && hasRecord ? (query) => <SaveSearchButton query={query} /> : undefined}
    />
  );
}
