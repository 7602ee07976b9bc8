/**
 * "Similar listings" (decision 0027): listings on the market like an expired, sold or gone one,
 * as small linked cards that wrap on a phone.
 */
import { Link } from 'react-router';
import type { SellerListing } from '#contract/listings';
import { listingTexts } from '#contract/texts';
import { formatDollars } from '#contract/money';
import { ResponsiveImage } from '#web/components/responsive-image';
import { paths } from '#web/lib/paths';

/**
 * One listing as a linked row: its photo (whole, never cropped), name and price. `size` is the
 * photo's width in CSS px (4:3); the row is bordered where it stands alone in a grid. Used by the
 * seller's other listings on a listing page and by Similar listings.
 */
export function ListingRowLink({
  item,
  size,
  bordered = false,
}: {
  item: SellerListing;
  size: 64 | 96;
  bordered?: boolean;
}) {
  return (
    <Link
      to={paths.listing.href(item._id)}
      className={`flex items-center gap-3 rounded-box hover:bg-base-200 ${bordered ? 'border border-base-300 p-2' : 'p-1'}`}
    >
      <ResponsiveImage
        src={item.product_image}
        alt=""
        sizes={`${size}px`}
        width={size}
        height={(size * 3) / 4}
        loading="lazy"
        className={`${size === 64 ? 'h-12 w-16' : 'h-18 w-24'} shrink-0 rounded bg-base-300 object-contain`}
      />
      <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{item.product_name}</span>
      <span className="font-semibold">{formatDollars(item.resell_price)}</span>
    </Link>
  );
}

export function SimilarListings({ items }: { items: SellerListing[] | undefined }) {
  if (!items || items.length === 0) return null;
  return (
    <section aria-labelledby="similar-listings" className="mx-auto w-full max-w-6xl px-4 pb-8">
      <h2 id="similar-listings" className="mb-3 text-xl font-bold">
        {listingTexts.similarListings}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item._id}>
            <ListingRowLink item={item} size={96} bordered />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The line under Uh-oh! on the page of an unknown or deleted listing (decision 0027). */
export function NoLongerAvailable() {
  return (
    <p className="-mt-8 pb-8 text-center text-lg font-semibold" role="status">
      {listingTexts.noLongerAvailable}
    </p>
  );
}
