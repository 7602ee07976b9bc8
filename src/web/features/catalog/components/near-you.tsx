/**
 * The home page's "Near …" section (decision 0026): once the page is live and the viewer has a
 * centre (this device's remembered place or position, else the signed-in user's home place),
 * the newest live listings within 50 km or 50 miles of it, each card with its distance, and a
 * link to that search nearest first. Nothing for a viewer without a centre, or when the search
 * fails.
 *
 * It comes last on the page: the server cannot know the centre, so the section appears after
 * hydration, and below everything else it moves nothing already on screen (no layout shift).
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '#contract/entities';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';
import { useViewerCentre, type ViewerCentre } from '#web/lib/home-place';
import { paths } from '#web/lib/paths';
import { placeLabel, radiusKm } from '#web/lib/places';
import { queryKeys } from '#web/lib/query-keys';
import { useUnit, type DistanceUnit } from '#web/lib/units';
import { recentListingsCount } from '../api/get-recent-listings';
import { ListingGrid } from './listing-grid';

/** The section's radius, in the viewer's unit. */
const NEAR_RADIUS = 50;

export const nearYouTexts = {
  heading: (where: string) => `Near ${where}`,
  yourLocation: 'your location',
  within: (unit: DistanceUnit) => `Newest within ${NEAR_RADIUS} ${unit}`,
  all: 'See all nearby',
  none: (unit: DistanceUnit) => `Nothing is listed within ${NEAR_RADIUS} ${unit} yet.`,
  further: 'Search further away',
} as const;

/** The centre as the search API's parameters (`near` for a place, else `lat`/`lon`). */
function centreParams(centre: ViewerCentre): Record<string, string> {
  return centre.place
    ? { near: String(centre.place.id) }
    : { lat: String(centre.lat), lon: String(centre.lon) };
}

export function NearYou({
  renderListing,
}: {
  /** One listing's card (the page is given it: features do not import each other). */
  renderListing: (product: ProductCard) => ReactNode;
}) {
  const centre = useViewerCentre();
  const unit = useUnit();
  const radius = radiusKm(NEAR_RADIUS, unit);
  const params = centre ? { ...centreParams(centre), radius_km: String(radius) } : null;
  const {
    data: listings,
    isPending,
    isError,
  } = useQuery({
    queryKey: queryKeys.nearListings(params ?? {}),
    queryFn: ({ signal }) =>
      apiCall(apiRoutes.search, {
        query: { ...params, sort: 'newest', limit: recentListingsCount } as never,
        signal,
      }),
    select: (answer) => answer.items,
    enabled: params !== null,
  });
  // Without a centre, or when the search failed (a remembered place the server no longer
  // knows): no section, rather than a claim that nothing is near.
  if (!centre || !params || isError) return null;
  const where = centre.place ? placeLabel(centre.place) : nearYouTexts.yourLocation;
  const nearest = new URLSearchParams({ ...params, sort: 'distance' }).toString();
  const further = new URLSearchParams({ ...params, radius_km: String(radiusKm(200, unit)) });
  return (
    <section aria-labelledby="near-you-heading" className="mt-12" data-testid="near-you">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h2 id="near-you-heading" className="text-2xl font-bold sm:text-3xl">
            {nearYouTexts.heading(where)}
          </h2>
          <p className="text-sm text-base-content/70">{nearYouTexts.within(unit)}</p>
        </div>
        <Link to={paths.search.href(nearest)} className="link link-primary">
          {nearYouTexts.all}
        </Link>
      </div>
      {!isPending && (!listings || listings.length === 0) ? (
        <p>
          {nearYouTexts.none(unit)}{' '}
          <Link to={paths.search.href(further.toString())} className="link link-primary">
            {nearYouTexts.further}
          </Link>
        </p>
      ) : (
        <ListingGrid
          listings={isPending ? undefined : listings}
          renderListing={renderListing}
          testId="near-listings"
        />
      )}
    </section>
  );
}
