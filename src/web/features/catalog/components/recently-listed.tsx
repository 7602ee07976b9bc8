/**
 * The home page's "Recently listed" section, below the spec's sections: the newest live
 * listings as cards (1, 2 or 3 columns by width, as the spec's product grid), newest first,
 * and a link to the whole search. Server-rendered with the page (its query is prefetched, see
 * app/ssr/pages.ts), so the cards are in the HTML. While it loads in the browser (a client-side
 * visit), placeholders of the cards' height hold the place; on failure or with no live listing
 * the section is left out.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '#contract/entities';
import { paths } from '#web/lib/paths';
import { useRecentListings } from '../api/get-recent-listings';
import { ListingGrid } from './listing-grid';

export const recentlyListedTexts = {
  heading: 'Recently listed',
  all: 'See all listings',
} as const;

export function RecentlyListed({
  renderListing,
}: {
  /** One listing's card (the page is given it: features do not import each other). */
  renderListing: (product: ProductCard) => ReactNode;
}) {
  const { data: listings, isPending } = useRecentListings();
  if (!isPending && (!listings || listings.length === 0)) return null;
  return (
    <section aria-labelledby="recently-listed-heading" className="mt-12">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recently-listed-heading" className="text-2xl font-bold sm:text-3xl">
          {recentlyListedTexts.heading}
        </h2>
        <Link to={paths.search.href()} className="link link-primary">
          {recentlyListedTexts.all}
        </Link>
      </div>
      <ListingGrid
        listings={isPending ? undefined : listings}
        renderListing={renderListing}
        testId="recent-listings"
      />
    </section>
  );
}
