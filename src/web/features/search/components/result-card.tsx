/**
 * A search result: cover photo, name linking to the listing page `/listing/{id}`
 * (the whole card is clickable through the link's stretched area), price, the vehicle summary
 * (year, kilometres, fuel, transmission), condition, location and the seller's verified badge.
 * `favouriteAction` (the heart) sits on the photo, above the stretched link.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '#contract/entities';
import { formatDollars } from '#contract/money';
import { cardImageSizes, ResponsiveImage } from '#web/components/responsive-image';
import { VerifiedBadge } from '#web/components/verified-badge';
import { paths } from '#web/lib/paths';

const kilometres = new Intl.NumberFormat('en-US');

/** "2016 · 120,000 km · Petrol · Automatic", from whichever details the listing has. */
export function vehicleSummary(product: ProductCard): string {
  return [
    product.model_year,
    product.mileage_km === null ? null : `${kilometres.format(product.mileage_km)} km`,
    product.fuel_type,
    product.transmission,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

export function ResultCard({
  product,
  favouriteAction,
  priority = false,
  distance,
}: {
  product: ProductCard;
  /** "12 km away" when the search has a centre (decision 0026). */
  distance?: string;
  favouriteAction?: ReactNode;
  /**
   * The first result, the page's largest picture on a phone: loaded at once with high priority
   * instead of lazily (Largest Contentful Paint).
   */
  priority?: boolean;
}) {
  const summary = vehicleSummary(product);
  return (
    <article
      data-testid="search-result"
      className="card relative h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md"
    >
      <figure className="aspect-[4/3] bg-base-300">
        <ResponsiveImage
          src={product.product_image}
          alt=""
          sizes={cardImageSizes}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          width={640}
          height={480}
          className="h-full w-full object-cover"
        />
      </figure>
      {favouriteAction && <div className="absolute top-2 right-2 z-10">{favouriteAction}</div>}
      <div className="card-body gap-2 p-4">
        <h2 className="card-title text-base leading-snug">
          <Link
            to={paths.listing.href(product._id)}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {product.product_name}
          </Link>
        </h2>
        <p className="text-xl font-bold text-primary">{formatDollars(product.resell_price)}</p>
        {summary && <p className="text-sm">{summary}</p>}
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-base-content/70">
          <span>{product.condition}</span>
          <span aria-hidden="true">·</span>
          <span>{product.seller_location}</span>
          {distance && (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="distance">{distance}</span>
            </>
          )}
          {product.seller_verified && <VerifiedBadge />}
        </p>
      </div>
    </article>
  );
}
