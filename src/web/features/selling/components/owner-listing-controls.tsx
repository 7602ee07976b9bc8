/**
 * What the seller sees on their own listing's page instead of the buyer's actions (decision
 * 0035): Edit (to /user/seller/products/{id}/edit) and the listing-state actions My Products has
 * (`ListingStateActions`: the Unavailable toggle, Reserve / Unreserve, Sold elsewhere, Renew).
 * Loaded lazily by the listing page, for the owner only.
 */
import { Link } from 'react-router';
import { paths } from '#web/lib/paths';
import { ListingStateActions, type OwnListingState } from './listing-state-actions';

export function OwnerListingControls({ listing }: { listing: OwnListingState }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="owner-controls">
      <Link to={paths.sellerEditProduct.href(listing._id)} className="btn btn-primary">
        Edit
      </Link>
      {/* Beside Edit while in the page; left out of the bar that follows the scroll. */}
      <div data-secondary className="contents">
        <ListingStateActions product={listing} />
      </div>
    </div>
  );
}
