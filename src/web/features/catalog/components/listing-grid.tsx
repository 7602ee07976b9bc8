/**
 * The home page's rows of listing cards ("Recently listed", "Near …"): 1, 2 or 3 columns by
 * width, as the spec's product grid; while the listings load, `recentListingsCount` placeholders
 * of a card's height hold the place.
 */
import type { ReactNode } from 'react';
import type { ProductCard } from '#contract/entities';
import { recentListingsCount } from '../api/get-recent-listings';

export function ListingGrid({
  listings,
  renderListing,
  testId,
}: {
  /** The cards to show; undefined while they load. */
  listings: ProductCard[] | undefined;
  /** One listing's card (the page is given it: features do not import each other). */
  renderListing: (product: ProductCard) => ReactNode;
  testId: string;
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {listings === undefined
        ? Array.from({ length: recentListingsCount }, (_, index) => (
            <li key={index} aria-hidden="true">
              <div className="h-96 animate-pulse rounded-box bg-base-300" />
            </li>
          ))
        : listings.map((product) => <li key={product._id}>{renderListing(product)}</li>)}
    </ul>
  );
}
