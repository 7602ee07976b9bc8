/**
 * The one listing card (decision 0036), on the category page, the search page, favourites and a
 * seller's profile, always the same structure (`data-testid="listing-card"`):
 *
 * - the photo, whole: the box is reserved at 4:3 before the picture loads (no layout shift) and
 *   the picture is contained in it on a neutral fill, so a 16:10 or portrait photo is never
 *   cropped (no half-cut car or caption); the favourites heart sits in its corner;
 * - the name, linking to the listing page; its link stretches over the whole card, and the
 *   card's own links and buttons sit above it;
 * - the price in dollars; with `specFields` (the category page, docs/product.md §2) also the original price
 *   struck through;
 * - the key facts: model year · mileage · fuel · gearbox, whichever the listing has, the mileage
 *   in the viewer's unit (units.ts; kilometres in the server's HTML, see there why that cannot
 *   shift the page);
 * - Years of use (with `specFields`), Condition, Location (one line) with the distance: the
 *   search's when the answer carries `distance_km`, else from the viewer's centre
 *   (`useViewerDistanceKm`: remembered on this device or the profile's home place) once the page is
 *   live, Posted (medium date, short time);
 * - the seller with the verified badge and their stars, unless `showSeller` is false (on that
 *   seller's own page);
 * - the foot: `footer` when given (the category page's Book Now / Report / SOLD OUT, the
 *   favourites state), else the listing's state badge (SOLD OUT, Reserved) when it has one.
 *
 * `compact` (decision 0047: a phone's List view, lib/listing-view.ts) changes the layout below
 * the `sm` breakpoint only, in CSS, so the server's HTML is right for every width: the photo
 * (still whole, 4:3) beside the name, price, year · mileage · fuel and the place with its
 * distance, so at least three cards fit a 360 × 780 screen. Condition, Posted, the seller and
 * the gearbox are left to the listing page, except with `specFields` (the category page keeps
 * the spec's fields: years of use, condition, original price, seller, date) and the foot.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '#contract/entities';
import { formatDollars, originalPriceNotGiven } from '#contract/money';
import { paths } from '../lib/paths';
import { useViewerDistanceKm } from '../lib/home-place';
import { distanceText, formatMileage, useUnit, type DistanceUnit } from '../lib/units';
import { ListingStateBadge } from './listing-state-badge';
import { LocalTime } from './local-time';
import { cardImageSizes, ResponsiveImage } from './responsive-image';
import { SellerTypeLabel } from './seller-type';
import { VerificationBadges } from './verification-badges';

/** A card's listing: the public card, with its distance when the answer measured one (km). */
export type ListingCardProduct = ProductCard & { distance_km?: number };

export interface ListingCardProps {
  product: ListingCardProduct;
  /** The category page's spec fields (docs/product.md §2): original price and years of use. */
  specFields?: boolean;
  /** False on the seller's own profile, where every card would repeat their name. */
  showSeller?: boolean;
  /** The heart, shown in the photo's corner. */
  favouriteAction?: ReactNode;
  /** Replaces the foot (by default the state badge: SOLD OUT or Reserved). */
  footer?: ReactNode;
  /**
   * The first card of a list, the page's largest picture on a phone: loaded at once with high
   * priority instead of lazily (Largest Contentful Paint).
   */
  priority?: boolean;
  /** The phone's compact layout (below `sm`; see the module comment). */
  compact?: boolean;
}

/**
 * "2016 · 74,565 mi · Petrol · Automatic": the listing's vehicle facts that are given, the
 * mileage (stored in km) in `unit`; `''` when it has none (not a vehicle).
 */
export function keyFacts(product: ProductCard, unit: DistanceUnit, gearbox = true): string {
  return [
    product.model_year,
    product.mileage_km === null ? null : formatMileage(product.mileage_km, unit),
    product.fuel_type,
    gearbox ? product.transmission : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

export { ListingStateBadge };

export function ListingCard({
  product,
  specFields = false,
  showSeller = true,
  favouriteAction,
  footer,
  priority = false,
  compact = false,
}: ListingCardProps) {
  const unit = useUnit();
  // The search's own distance when the answer measured one, else the viewer's centre's.
  const viewerKm = useViewerDistanceKm(product.place);
  const distanceKm = product.distance_km ?? viewerKm;
  // Year · mileage · fuel; the gearbox follows in its own span (hidden on a compact phone card).
  const facts = keyFacts(product, unit, false);
  // The compact layout's classes apply below `sm` only (`max-sm:`); '' for the whole card.
  const small = (classes: string) => (compact ? classes : '');
  // Rows the compact layout leaves to the listing page (kept with the spec's fields).
  const optional = small(specFields ? '' : 'max-sm:hidden');
  const rating = product.seller_rating;
  const foot = footer !== undefined ? footer : <ListingStateBadge product={product} />;
  return (
    <article
      data-testid="listing-card"
      data-compact={compact || undefined}
      className={`card relative h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md ${small('max-sm:flex-row')}`}
    >
      <figure
        className={`relative aspect-[4/3] bg-base-200 ${small('max-sm:w-32 max-sm:shrink-0 max-sm:self-start')}`}
      >
        <ResponsiveImage
          src={product.product_image}
          alt={product.product_name}
          sizes={compact ? `(max-width: 639px) 128px, ${cardImageSizes}` : cardImageSizes}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          width={640}
          height={480}
          data-testid="listing-card-photo"
          className="h-full w-full object-contain object-center"
        />
        {favouriteAction && <div className="absolute top-2 right-2 z-10">{favouriteAction}</div>}
      </figure>
      <div
        className={`card-body gap-2 p-4 sm:p-5 ${small('max-sm:min-w-0 max-sm:gap-0.5 max-sm:px-3 max-sm:py-2')}`}
      >
        {/* Fixed heights above the price (two title lines), so the price rows of a grid row
            line up; a long name ends in an ellipsis with the whole name as tooltip. */}
        <h2
          className={`card-title line-clamp-2 block min-h-[2lh] text-lg leading-snug [overflow-wrap:anywhere] ${small('max-sm:min-h-0 max-sm:text-base')}`}
          title={product.product_name}
        >
          <Link
            to={paths.listing.href(product._id)}
            className="link-hover after:absolute after:inset-0 focus:outline-none"
          >
            {product.product_name}
          </Link>
        </h2>
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span
            className={`text-2xl font-bold text-primary ${small('max-sm:text-lg')}`}
            data-testid="listing-card-price"
          >
            {formatDollars(product.resell_price)}
          </span>
          {specFields && (
            <span className="text-sm text-base-content/70">
              Original price:{' '}
              {product.original_price === null ? (
                originalPriceNotGiven
              ) : (
                <s>{formatDollars(product.original_price)}</s>
              )}
            </span>
          )}
        </p>
        {/* One line tall even when empty, so cards of a row keep their rows aligned. */}
        <p
          className={`min-h-[1lh] text-sm font-medium ${small('max-sm:truncate')}`}
          data-testid="listing-card-facts"
        >
          {facts}
          {/* The gearbox: on the compact card only from `sm` up (the line must stay one). */}
          {product.transmission !== null && (
            <span className={small('max-sm:hidden')}>
              {facts ? ' · ' : ''}
              {product.transmission}
            </span>
          )}
        </p>
        <dl
          className={`grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [overflow-wrap:anywhere] ${small('max-sm:gap-y-0')}`}
        >
          {specFields && (
            <>
              <dt className="text-base-content/70">Years of use</dt>
              <dd>{product.year_of_used}</dd>
            </>
          )}
          <dt className={`text-base-content/70 ${optional}`}>Condition</dt>
          <dd className={optional}>{product.condition}</dd>
          <dt className={`text-base-content/70 ${small('max-sm:sr-only')}`}>Location</dt>
          {/* One line whether or not a distance is known: the distance arrives after hydration
              on server-rendered cards, and must not add a line (layout shift). A long location
              ends in an ellipsis, with the whole text as tooltip; the distance is never cut. */}
          <dd
            className={`flex min-w-0 [overflow-wrap:normal] ${small('max-sm:col-span-2')}`}
            data-testid="listing-card-location"
          >
            <span className="truncate" title={product.seller_location}>
              {product.seller_location}
            </span>
            {distanceKm !== undefined && (
              <span className="shrink-0 whitespace-nowrap">
                <span aria-hidden="true">&nbsp;·&nbsp;</span>
                <span data-testid="distance">{distanceText(distanceKm, unit)}</span>
              </span>
            )}
          </dd>
          <dt className={`text-base-content/70 ${optional}`}>Posted</dt>
          <dd className={optional}>
            <LocalTime value={product.createAt} />
          </dd>
        </dl>
        {showSeller && (
          <p
            className={`relative z-10 flex min-w-0 items-center gap-1.5 text-sm ${optional}`}
            data-testid="listing-card-seller"
          >
            <span className="shrink-0 text-base-content/70">Seller:</span>
            <Link
              to={paths.sellerProfile.href(product.seller_uid)}
              className="link-hover truncate font-medium"
              title={product.seller_name}
            >
              {product.seller_name}
            </Link>
            <VerificationBadges verification={product.seller_verification} compact />
            {rating.average !== null && (
              // The seller's average stars and review count beside their name.
              <span
                className="shrink-0 text-sm whitespace-nowrap"
                data-testid="card-seller-rating"
                role="img"
                aria-label={`${rating.average.toFixed(1)} out of 5 stars from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`}
              >
                <span className="text-warning" aria-hidden="true">
                  ★
                </span>{' '}
                <span aria-hidden="true">
                  {rating.average.toFixed(1)} ({rating.count})
                </span>
              </span>
            )}
          </p>
        )}
        {showSeller && (
          // Private seller or dealer stays on the compact card too: a buyer is owed it on every
          // card (Consumer Rights Directive Art. 6a; docs/features.md, "Dealers").
          <SellerTypeLabel
            seller={product}
            className={`relative z-10 -mt-1 ${small('max-sm:mt-0 max-sm:text-xs')}`}
          />
        )}
        {foot !== null && (
          <div className={`relative z-10 card-actions mt-auto pt-2 ${small('max-sm:pt-1')}`}>
            {foot}
          </div>
        )}
      </div>
    </article>
  );
}
