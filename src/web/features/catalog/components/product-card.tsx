/**
 * A product on the category page (spec §2 Category page): image, product name, seller name with
 * a verified badge when the seller is verified, years used, condition, resell and original price
 * in dollars, seller location, and posting date and time (medium date, short time).
 * Its foot: SOLD OUT for a sold product (`order_status`); otherwise the buyer's actions
 * (`buyerActions`: Book Now and Report, given by the page for a buyer) or, for anyone else,
 * "Please login with buyer account for buy this product."; nothing while the role is checked.
 * The name links to the listing's own page, the seller's name to their profile.
 * Optional: `favouriteAction` (the heart, on the photo) and `footer`, which
 * replaces the foot (the favourites page shows each listing's state there).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard as Product } from '#contract/entities';
import { formatDollars } from '#contract/money';
import { cardImageSizes, ResponsiveImage } from '#web/components/responsive-image';
import { VerifiedBadge } from '#web/components/verified-badge';
import { paths } from '#web/lib/paths';
import { LocalTime } from '#web/components/local-time';

export interface ProductCardProps {
  product: Product;
  /** Book Now and Report, when the viewer is a buyer (spec §2). */
  buyerActions?: ReactNode;
  /** True while the viewer's buyer role is being checked: the foot stays empty meanwhile. */
  roleChecking?: boolean;
  /** The heart, shown in the photo's corner. */
  favouriteAction?: ReactNode;
  /** Replaces the foot (SOLD OUT / buyer actions) when given. */
  footer?: ReactNode;
  /**
   * The first card of a list, the page's largest picture on a phone: loaded at once with high
   * priority instead of lazily (Largest Contentful Paint).
   */
  priority?: boolean;
}

export function ProductCard({
  product,
  buyerActions,
  roleChecking = false,
  favouriteAction,
  footer,
  priority = false,
}: ProductCardProps) {
  return (
    <article
      data-testid="product-card"
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="relative aspect-[4/3] bg-base-300">
        <ResponsiveImage
          src={product.product_image}
          alt={product.product_name}
          sizes={cardImageSizes}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          width={640}
          height={480}
          className="h-full w-full object-cover"
        />
        {favouriteAction && <div className="absolute top-2 right-2">{favouriteAction}</div>}
      </figure>
      <div className="card-body gap-3 p-5">
        {/* Fixed heights above the price (two title lines, one seller line), so the price rows of
            a grid row line up; long text ends in an ellipsis with the whole text as tooltip. */}
        <h2
          className="card-title line-clamp-2 block min-h-[2lh] text-lg [overflow-wrap:anywhere]"
          title={product.product_name}
        >
          <Link to={paths.listing.href(product._id)} className="link-hover">
            {product.product_name}
          </Link>
        </h2>
        <p className="flex min-w-0 items-center gap-1.5 text-sm">
          <span className="shrink-0 text-base-content/70">Seller:</span>
          <Link
            to={paths.sellerProfile.href(product.seller_uid)}
            className="link-hover truncate font-medium"
            title={product.seller_name}
          >
            {product.seller_name}
          </Link>
          {product.seller_verified && <VerifiedBadge />}
          {product.seller_rating.average !== null && (
            // The seller's average stars and review count beside their name.
            <span
              className="shrink-0 text-sm whitespace-nowrap"
              data-testid="card-seller-rating"
              role="img"
              aria-label={`${product.seller_rating.average.toFixed(1)} out of 5 stars from ${product.seller_rating.count} ${product.seller_rating.count === 1 ? 'review' : 'reviews'}`}
            >
              <span className="text-warning" aria-hidden="true">
                ★
              </span>{' '}
              <span aria-hidden="true">
                {product.seller_rating.average.toFixed(1)} ({product.seller_rating.count})
              </span>
            </span>
          )}
        </p>
        <div className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-2xl font-bold text-primary">
            {formatDollars(product.resell_price)}
          </span>
          <span className="text-sm text-base-content/70">
            Original price: <s>{formatDollars(product.original_price)}</s>
          </span>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [overflow-wrap:anywhere]">
          <dt className="text-base-content/70">Years of use</dt>
          <dd>{product.year_of_used}</dd>
          <dt className="text-base-content/70">Condition</dt>
          <dd>{product.condition}</dd>
          <dt className="text-base-content/70">Location</dt>
          <dd>{product.seller_location}</dd>
          <dt className="text-base-content/70">Posted</dt>
          <dd>
            <LocalTime value={product.createAt} />
          </dd>
        </dl>
        <div className="card-actions mt-auto pt-2">
          {footer !== undefined ? (
            footer
          ) : product.order_status ? (
            <span className="badge badge-lg badge-error font-bold">SOLD OUT</span>
          ) : product.listing_status === 'reserved' ? (
            // Decision 0027: findable, but promised to a buyer — no Book Now.
            <span className="badge badge-lg badge-warning font-bold">Reserved</span>
          ) : roleChecking ? null : buyerActions ? (
            buyerActions
          ) : (
            <p className="text-sm font-medium text-warning-content">
              Please login with buyer account for buy this product.
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
