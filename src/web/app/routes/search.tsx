/**
 * `/search` (issue 13) composed with issue 15: the favourites feature's heart on each result.
 */
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { SearchRoute } from '../../features/search/routes/search';

export function SearchWithFavouritesRoute() {
  return <SearchRoute favouriteAction={(product) => <FavouriteButton productId={product._id} />} />;
}
