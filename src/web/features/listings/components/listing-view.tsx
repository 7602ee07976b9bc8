/**
 * A listing's page body: h1 = product name, price, photo gallery, buyer actions or
 * SOLD OUT, vehicle details, description, details of spec §2's card (condition, years of use,
 * location, posting date) and the seller card (name, photo, verified badge, member since,
 * contact for signed-in users, links to their other listings). The seller's name links
 * to their profile, with their rating (`sellerRating`) under it, and the heart (`favouriteAction`)
 * stands next to the title. A vehicle's price badge (Great/Fair/High price). The trust
 * notice and the car's history on Second Gear (decision 0028) are `TrustPanel`'s.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Listing, SellerContact } from '#contract/listings';
import { listingTexts } from '#contract/texts';
import { formatDollars } from '#contract/money';
import { ResponsiveImage } from '#web/components/responsive-image';
import { UserAvatar } from '#web/components/user-avatar';
import { VerifiedBadge } from '#web/components/verified-badge';
import { paths } from '#web/lib/paths';
import { vehicleRows } from '#web/lib/vehicle-details';
import { useUnit } from '#web/lib/units';
import { Gallery } from './gallery';
import { ListingDistance } from './listing-distance';
import { PriceBadge } from './price-badge';
import { TrustPanel } from './trust-panel';
import { dateFormat, LocalTime, monthYearFormat } from '#web/components/local-time';

export interface ListingViewProps {
  listing: Listing;
  /** Book Now and Report when the viewer is a buyer (as on the category page). */
  buyerActions?: ReactNode;
  /** `Message seller` for a signed-in viewer who is not the seller. */
  messageAction?: ReactNode;
  /** True while the viewer's role is checked: the actions' place stays empty. */
  roleChecking: boolean;
  /** The seller's contact when the viewer is signed in; null for visitors. */
  contact: SellerContact | null | undefined;
  signedIn: boolean;
  /** The heart, next to the title. */
  favouriteAction?: ReactNode;
  /** The seller's average rating and count, next to their name. */
  sellerRating?: ReactNode;
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

export function ListingView({
  listing,
  buyerActions,
  messageAction,
  roleChecking,
  contact,
  signedIn,
  favouriteAction,
  sellerRating,
}: ListingViewProps) {
  // The mileage in the viewer's unit (units.ts: km in the server's HTML, then theirs).
  const details = vehicleRows(listing, useUnit());
  return (
    <article className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[3fr_2fr]">
      <div className="flex min-w-0 flex-col gap-6">
        <nav aria-label="Breadcrumb" className="breadcrumbs text-sm">
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
        <section aria-labelledby="description">
          <h2 id="description" className="mb-2 text-xl font-bold">
            Description
          </h2>
          <p className="whitespace-pre-line">{listing.product_description}</p>
        </section>
      </div>

      <div className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-2">
            <h1 className="min-w-0 text-3xl font-bold [overflow-wrap:anywhere]">
              {listing.product_name}
            </h1>
            {favouriteAction}
          </div>
          <div className="flex flex-wrap items-baseline gap-3">
            <span className="text-3xl font-bold text-primary" data-testid="listing-price">
              {formatDollars(listing.resell_price)}
            </span>
            <span className="text-sm text-base-content/70">
              Original price: <s>{formatDollars(listing.original_price)}</s>
            </span>
            {listing.category_holds_vehicles && <PriceBadge listingId={listing._id} />}
          </div>
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
            <dd>
              {listing.seller_location}
              <ListingDistance place={listing.place} />
            </dd>
            <dt className="text-base-content/70">Posted</dt>
            <dd>
              <LocalTime value={listing.createAt} />
            </dd>
          </dl>
          <div className="pt-2">
            {listing.order_status ? (
              <span className="badge badge-lg badge-error font-bold">SOLD OUT</span>
            ) : listing.listing_status === 'expired' ? (
              <p role="status" className="alert alert-warning">
                {listingTexts.expired}
              </p>
            ) : listing.listing_status === 'reserved' ? (
              <div role="status" className="flex flex-col items-start gap-2">
                <span className="badge badge-lg badge-warning font-bold">
                  {listingTexts.reservedBadge}
                </span>
                <p className="text-sm">{listingTexts.reservedNotice}</p>
              </div>
            ) : listing.unavailable ? (
              <p role="status" className="alert alert-warning">
                This listing is off the market for now.
              </p>
            ) : roleChecking ? null : buyerActions ? (
              buyerActions
            ) : (
              <p className="text-sm font-medium text-warning-content">
                Please login with buyer account for buy this product.
              </p>
            )}
            {messageAction && !listing.order_status && <div className="mt-3">{messageAction}</div>}
          </div>
        </div>

        <section aria-labelledby="seller" className="card border border-base-300 bg-base-100">
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
                  {listing.seller_verified && <VerifiedBadge />}
                </p>
                {sellerRating}
                <p className="text-sm text-base-content/70">
                  Member since{' '}
                  <LocalTime value={listing.seller_member_since} format={monthYearFormat} />
                </p>
              </div>
            </div>
            {contact ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-base-content/70">Phone</dt>
                <dd>
                  <a className="link" href={`tel:${contact.seller_phone.replace(/[^+\d]/g, '')}`}>
                    {contact.seller_phone}
                  </a>
                </dd>
                <dt className="text-base-content/70">E-mail</dt>
                <dd className="break-all">
                  <a className="link" href={`mailto:${contact.seller_email}`}>
                    {contact.seller_email}
                  </a>
                </dd>
              </dl>
            ) : signedIn ? (
              <div className="h-10" aria-hidden="true" />
            ) : (
              <p className="text-sm">
                <Link className="link" to={paths.login.href()}>
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
                      <Link
                        to={paths.listing.href(item._id)}
                        className="flex items-center gap-3 rounded-box p-1 hover:bg-base-200"
                      >
                        <ResponsiveImage
                          src={item.product_image}
                          alt=""
                          sizes="64px"
                          width={64}
                          height={48}
                          loading="lazy"
                          className="h-12 w-16 shrink-0 rounded object-cover"
                        />
                        <span className="min-w-0 flex-1">{item.product_name}</span>
                        <span className="font-semibold">{formatDollars(item.resell_price)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </section>
      </div>
    </article>
  );
}
