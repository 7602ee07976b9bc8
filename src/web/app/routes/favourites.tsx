/**
 * Favourites (route /favourites; signed-in users): the user's saved listings as cards,
 * newest first, each with the heart and its state in the foot — SOLD OUT for a sold listing,
 * `No longer available` for one removed, taken off the market or whose seller left, else a link
 * to the listing. Composed from the shared listing card and the favourites feature.
 */
import { ErrorMessage } from '../../components/error-message';
import { LoadMoreButton } from '../../components/load-more-button';
import { PageTitle } from '../../components/page-title';
import { ProgressBar } from '../../components/progress-bar';
import { ListingCard } from '../../components/listing-card';
import { ListingViewSwitch } from '../../components/listing-view-switch';
import { useListingView } from '../../lib/listing-view';
import { useFavourites } from '../../features/favourites/api/favourites';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import {
  FavouriteStateFoot,
  favouritesPageTexts as texts,
} from '../../features/favourites/components/favourite-state';

export function FavouritesRoute() {
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useFavourites();
  const view = useListingView();
  const favourites = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <PageTitle title={texts.title} />
      <h1 className="text-2xl font-bold">{texts.title}</h1>
      {isPending ? (
        <ProgressBar label="Loading your favourites" />
      ) : favourites.length === 0 && error ? (
        <ErrorMessage error={error} />
      ) : favourites.length === 0 ? (
        <p className="py-10 text-center text-lg">{texts.empty}</p>
      ) : (
        <>
          <ListingViewSwitch />
          <ul
            className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${view === 'list' ? 'max-sm:gap-2' : ''}`}
            aria-label="Favourites"
          >
            {favourites.map((favourite) => (
              <li key={favourite.product._id}>
                <ListingCard
                  product={favourite.product}
                  compact={view === 'list'}
                  favouriteAction={<FavouriteButton productId={favourite.product._id} />}
                  footer={<FavouriteStateFoot favourite={favourite} />}
                />
              </li>
            ))}
          </ul>
          {error && <ErrorMessage error={error} />}
          <LoadMoreButton
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            fetchNextPage={fetchNextPage}
          />
        </>
      )}
    </div>
  );
}
