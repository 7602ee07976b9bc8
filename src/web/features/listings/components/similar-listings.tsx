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
            <Link
              to={paths.listing.href(item._id)}
              className="flex items-center gap-3 rounded-box border border-base-300 p-2 hover:bg-base-200"
            >
              <ResponsiveImage
                src={item.product_image}
                alt=""
                sizes="96px"
                width={96}
                height={72}
                loading="lazy"
                className="h-18 w-24 shrink-0 rounded object-cover"
              />
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{item.product_name}</span>
              <span className="font-semibold">{formatDollars(item.resell_price)}</span>
            </Link>
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
