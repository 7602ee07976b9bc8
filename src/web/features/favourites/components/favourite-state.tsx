/**
 * What the favourites page shows of one favourite (decision 0013): the foot of its card
 * — SOLD OUT for a sold listing, `No longer available` for one removed, taken off the market or
 * whose seller left, else a link to the listing — and the page's texts.
 */
import { Link } from 'react-router';
import type { Favourite } from '#contract/favourites';
import { favouriteTexts } from '#contract/texts';
import { paths } from '#web/lib/paths';

export const favouritesPageTexts = { title: favouriteTexts.title, empty: favouriteTexts.empty };

export function FavouriteStateFoot({ favourite }: { favourite: Favourite }) {
  if (favourite.state === 'sold') {
    return <span className="badge badge-lg font-bold badge-error">{favouriteTexts.soldOut}</span>;
  }
  if (favourite.state === 'unavailable') {
    return <span className="badge badge-lg badge-neutral">{favouriteTexts.noLongerAvailable}</span>;
  }
  return (
    <Link to={paths.listing.href(favourite.product._id)} className="btn btn-sm btn-primary">
      View listing
    </Link>
  );
}
