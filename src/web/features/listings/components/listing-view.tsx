/**
 * A listing's page body, phones first (decision 0035). Under the photo gallery, in this order: h1 =
 * product name, the price with its price badge (Great/Fair/High price, vehicles only), one line
 * of key facts (year · mileage · fuel · gearbox · place), then the actions, which follow the
 * scroll in a bar at the bottom of the screen once scrolled past (`StickyActions`): a buyer's
 * Book Now and Report, `Message seller`, the heart; the owner's own controls (`ownerActions`:
 * Edit and the listing-state actions) instead of the spec's sentence; a visitor gets the spec's
 * sentence with a Login link back to this page. Then the description before the long vehicle
 * details table, the trust notice and history (`TrustPanel`, decision 0028), and the seller card
 * (name linking to their profile, rating, verified badge, member since, contact for signed-in
 * users, their other listings). From 1024 px: gallery and description on the left, price and
 * actions and the seller card on the right.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Listing, SellerContact } from '#contract/listings';
import { listingStates } from '#contract/listing-state';
import { ShareListing } from './share-listing';
import { formatDollars, originalPriceNotGiven } from '#contract/money';
import { ListingStateBadge } from '#web/components/listing-state-badge';
import { UserAvatar } from '#web/components/user-avatar';
import { SellerTypeLabel, TraderDetails } from '#web/components/seller-type';
import { VerificationBadges } from '#web/components/verification-badges';
import { paths } from '#web/lib/paths';
import { vehicleRows } from '#web/lib/vehicle-details';
import { useUnit } from '#web/lib/units';
import { keyFacts } from '../lib/key-facts';
import { Gallery } from './gallery';
import { ListingDistance } from './listing-distance';
import { PriceBadge } from './price-badge';
import { ListingRowLink } from './similar-listings';
import { StickyActions } from './sticky-actions';
import { TrustPanel } from './trust-panel';
import { dateFormat, LocalTime, monthYearFormat } from '#web/components/local-time';

export interface ListingViewProps {
  listing: Listing;
  /** Book Now and Report when the viewer is a buyer (as on the category page). */
  buyerActions?: ReactNode;
  /**
   * The owner's controls (Edit and the listing-state actions), shown to the seller of this
   * listing instead of the buyer's actions and the spec's sentence.
   */
  ownerActions?: ReactNode;
  /** `Message seller` for a signed-in viewer who is not the seller. */
  messageAction?: ReactNode;
  /** True while the viewer's role is checked: the actions' place stays empty. */
  roleChecking: boolean;
  /** The seller's contact when the viewer is signed in; null for visitors. */
  contact: SellerContact | null | undefined;
  signedIn: boolean;
  /** The heart, among the actions. */
  favouriteAction?: ReactNode;
  /** The seller's average rating and count, next to their name. */
  sellerRating?: ReactNode;
  /**
   * The viewer's deal under the actions (decision 0048): a buyer's open offer and booking, or the
   * owner's open offers and bookings on this listing. Shown whatever the listing's state.
   */
  dealPanel?: ReactNode;
}

/**
 * `Listed N days ago` and every price change (`Price reduced from $X on <date>`; decision 0027),
 * from the listing's `days_on_market` and `price_history` (oldest first).
 */
function ListingAge({ listing }: { listing: Listing }) {
  const days = listing.days_on_market;
  const changes = listing.price_history.slice(1).map((entry, i) => ({
    entry,
    previous: listing.price_history[i]!,
  }));
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="listing-age">
      <p>{days === 0 ? 'Listed today' : `Listed ${days} ${days === 1 ? 'day' : 'days'} ago`}</p>
      {changes.length > 0 && (
        <ul aria-label="Price history" className="flex flex-col gap-0.5">
          {changes.map(({ entry, previous }) => (
            <li key={entry.at}>
              {entry.price < previous.price ? 'Price reduced' : 'Price raised'} from{' '}
              {formatDollars(previous.price)} on <LocalTime value={entry.at} format={dateFormat} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Why a listing cannot be booked now, from its state's record (src/contract/listing-state.ts):
 * the badge with the notice beside it (Reserved), the badge alone (SOLD OUT) or the notice as an
 * alert (expired, off the market); null for a bookable listing.
 */
function MarketStatus({ listing }: { listing: Listing }) {
  const state = listingStates[listing.listing_status];
  if (state.bookable) return null;
  const badge = state.badge && <ListingStateBadge product={listing} />;
  if (badge && state.notice) {
    return (
      <div role="status" className="flex flex-col items-start gap-2">
        {badge}
        <p className="text-sm">{state.notice}</p>
      </div>
    );
  }
  if (badge) return badge;
  if (state.notice) {
    return (
      <p role="status" className="alert alert-warning">
        {state.notice}
      </p>
    );
  }
  return null;
}

export function ListingView({
  listing,
  buyerActions,
  ownerActions,
  messageAction,
  roleChecking,
  contact,
  signedIn,
  favouriteAction,
  sellerRating,
  dealPanel,
}: ListingViewProps) {
  // The mileage in the viewer's unit (units.ts: km in the server's HTML, then theirs).
  const unit = useUnit();
  const details = vehicleRows(listing, unit);
  const facts = keyFacts(listing, unit);
  const onTheMarket = listingStates[listing.listing_status].bookable;
  // docs/product.md §2 Category page: buyers get Book Now and Report; everyone else the sentence. The owner
  // gets their own controls instead (decision 0035).
  const viewerActions = ownerActions ? (
    ownerActions
  ) : !onTheMarket || roleChecking ? null : buyerActions ? (
    buyerActions
  ) : (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p className="text-sm font-medium text-warning-content">
        Please login with buyer account for buy this product.
      </p>
      {!signedIn && (
        <Link
          to={paths.login.href(paths.listing.href(listing._id))}
          className="btn btn-sm btn-primary"
        >
          Login
        </Link>
      )}
    </div>
  );
  const contactActions =
    (messageAction && !listing.order_status) || favouriteAction ? (
      <div className="flex items-center gap-2">
        {!listing.order_status && messageAction}
        {favouriteAction}
      </div>
    ) : null;

  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-5 pb-28 lg:grid lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_1fr] lg:gap-x-8 lg:gap-y-8 lg:pb-20">
      <div className="flex min-w-0 flex-col gap-1 lg:col-start-1 lg:row-start-1">
        <nav aria-label="Breadcrumb" className="breadcrumbs py-0 text-sm">
          <ul>
            <li>
              <Link to={paths.home.href()}>Home</Link>
            </li>
            <li>
              <Link to={paths.category.href(listing.category_id)}>{listing.category_name}</Link>
            </li>
          </ul>
        </nav>
        <Gallery images={listing.product_images} name={listing.product_name} />
      </div>

      <div className="flex min-w-0 flex-col gap-3 lg:col-start-2 lg:row-start-1">
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere] lg:text-3xl">
          {listing.product_name}
        </h1>
        <ShareListing title={listing.product_name} path={paths.listing.href(listing._id)} />
        <div>
          {/* One line tall whatever the badge does: it arrives after the page and must not
              push what follows. */}
          <div className="flex h-10 items-center gap-3">
            <span className="text-3xl font-bold text-primary" data-testid="listing-price">
              {formatDollars(listing.resell_price)}
            </span>
            {listing.category_holds_vehicles && <PriceBadge listingId={listing._id} />}
          </div>
          <p className="text-sm text-base-content/70">
            Original price:{' '}
            {listing.original_price === null ? (
              originalPriceNotGiven
            ) : (
              <s>{formatDollars(listing.original_price)}</s>
            )}
          </p>
        </div>
        <p className="text-base-content/80 [overflow-wrap:anywhere]" data-testid="key-facts">
          {facts.join(' · ')}
          <ListingDistance place={listing.place} />
        </p>
        <MarketStatus listing={listing} />
        <StickyActions>
          {viewerActions}
          {contactActions}
        </StickyActions>
        {dealPanel}
        {listing.deposit > 0 && (
          <p className="text-sm" data-testid="listing-deposit">
            Refundable viewing deposit: <strong>{formatDollars(listing.deposit)}</strong>, held on
            your card when you book and released after the viewing.
          </p>
        )}
        <ListingAge listing={listing} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">Years of use</dt>
          <dd>{listing.year_of_used}</dd>
          <dt className="text-base-content/70">Condition</dt>
          <dd>{listing.condition}</dd>
          <dt className="text-base-content/70">Location</dt>
          <dd>{listing.seller_location}</dd>
          <dt className="text-base-content/70">Posted</dt>
          <dd>
            <LocalTime value={listing.createAt} />
          </dd>
        </dl>
      </div>

      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
        <section aria-labelledby="description">
          <h2 id="description" className="mb-2 text-xl font-bold">
            Description
          </h2>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">
            {listing.product_description}
          </p>
        </section>
        {details.length > 0 && (
          <section aria-labelledby="vehicle-details">
            <h2 id="vehicle-details" className="mb-2 text-xl font-bold">
              Vehicle details
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {details.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-base-content/70">{label}</dt>
                  <dd className="break-all">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        <TrustPanel listing={listing} signedIn={signedIn} />
      </div>

      <section
        aria-labelledby="seller"
        className="card border border-base-300 bg-base-100 lg:col-start-2 lg:row-start-2 lg:self-start"
      >
        <div className="card-body gap-3 p-5">
          <h2 id="seller" className="card-title text-lg">
            Seller
          </h2>
          <div className="flex items-center gap-3">
            <UserAvatar
              user={{ displayName: listing.seller_name, photoURL: listing.seller_image }}
            />
            <div>
              <p className="flex items-center gap-1.5 font-medium">
                <Link
                  to={paths.sellerProfile.href(listing.seller_uid)}
                  className="link link-hover"
                  data-testid="seller-profile-link"
                >
                  {listing.seller_name}
                </Link>
              </p>
              <SellerTypeLabel seller={listing} />
              <VerificationBadges verification={listing.seller_verification} />
              {sellerRating}
              <p className="text-sm text-base-content/70">
                Member since{' '}
                <LocalTime value={listing.seller_member_since} format={monthYearFormat} />
              </p>
            </div>
          </div>
          {listing.trader && <TraderDetails trader={listing.trader} headingId="trader" />}
          {contact ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-base-content/70">Phone</dt>
              <dd>
                <a
                  className="link inline-block py-0.5"
                  href={`tel:${contact.seller_phone.replace(/[^+\d]/g, '')}`}
                >
                  {contact.seller_phone}
                </a>
              </dd>
              <dt className="text-base-content/70">E-mail</dt>
              <dd className="break-all">
                {/* 24 px tall with the line (text-sm): a target a finger can hit (WCAG 2.5.8). */}
                <a className="link inline-block py-0.5" href={`mailto:${contact.seller_email}`}>
                  {contact.seller_email}
                </a>
              </dd>
            </dl>
          ) : signedIn ? (
            <div className="h-10" aria-hidden="true" />
          ) : (
            <p className="text-sm">
              <Link className="link" to={paths.login.href(paths.listing.href(listing._id))}>
                Sign in
              </Link>{' '}
              to see the seller’s phone and e-mail.
            </p>
          )}
          {listing.seller_listings.length > 0 && (
            <div>
              <h3 className="font-semibold" id="seller-listings">
                More from {listing.seller_name} ({listing.seller_listing_count} listings)
              </h3>
              <ul className="mt-2 flex flex-col gap-2" aria-labelledby="seller-listings">
                {listing.seller_listings.map((item) => (
                  <li key={item._id}>
                    <ListingRowLink item={item} size={64} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </section>
    </article>
  );
}
