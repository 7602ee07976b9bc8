/**
 * `/search` composed with the favourites and saved searches: the favourites feature's heart on each result,
 * and the saved-searches feature's `Save this search` for a signed-in user with a user record
 * (composed here because features do not import each other).
 */
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button';
import { SearchRoute } from '../../features/search/routes/search';
import { useAuth } from '../../lib/auth/auth-context';
import { useIsAdmin, useIsBuyer, useIsSeller } from '../../lib/auth/roles';

export function SearchWithFavouritesRoute() {
  const { user } = useAuth();
  const hasRecord = [useIsAdmin(), useIsSeller(), useIsBuyer()].some((role) => role.holds);
  return (
    <SearchRoute
      favouriteAction={(product) => <FavouriteButton productId={product._id} />}
      renderSave={user && hasRecord ? (query) => <SaveSearchButton query={query} /> : undefined}
    />
  );
}
