/**
 * A product on the category page (spec §2 Category page): image, product name, seller name with
 * a verified badge when the seller is verified, years used, condition, resell and original price
 * in dollars, seller location, and posting date and time (medium date, short time).
 * Its foot: SOLD OUT for a sold product (`order_status`); otherwise the buyer's actions
 * (`buyerActions`: Book Now and Report, given by the page for a buyer) or, for anyone else,
 * "Please login with buyer account for buy this product."; nothing while the role is checked.
 */
import type { ReactNode } from 'react';
import { formatDollars, type ProductCard as Product } from '../../../lib/contract';
import { VerifiedBadge } from '../../../components/verified-badge';

const postedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Formats a posting time, e.g. "Mar 5, 2025, 2:30 PM" (spec §2: medium-short format). */
export function formatPostedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : postedAt.format(date);
}

export interface ProductCardProps {
  product: Product;
  /** Book Now and Report, when the viewer is a buyer (spec §2). */
  buyerActions?: ReactNode;
  /** True while the viewer's buyer role is being checked: the foot stays empty meanwhile. */
  roleChecking?: boolean;
}

export function ProductCard({ product, buyerActions, roleChecking = false }: ProductCardProps) {
  return (
    <article
      data-testid="product-card"
      className="card h-full overflow-hidden border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="relative aspect-[4/3] bg-base-300">
        <img
          src={product.product_image}
          alt={product.product_name}
          loading="lazy"
          decoding="async"
          width={640}
          height={480}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <h2 className="card-title text-lg">{product.product_name}</h2>
        <p className="flex items-center gap-1.5 text-sm">
          <span className="text-base-content/70">Seller:</span>
          <span className="font-medium">{product.seller_name}</span>
          {product.seller_verified && <VerifiedBadge />}
        </p>
        <div className="flex items-baseline gap-3">
          <span className="text-2xl font-bold text-primary">
            {formatDollars(product.resell_price)}
          </span>
          <span className="text-sm text-base-content/70">
            Original price: <s>{formatDollars(product.original_price)}</s>
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-base-content/70">Years of use</dt>
          <dd>{product.year_of_used}</dd>
          <dt className="text-base-content/70">Condition</dt>
          <dd>{product.condition}</dd>
          <dt className="text-base-content/70">Location</dt>
          <dd>{product.seller_location}</dd>
          <dt className="text-base-content/70">Posted</dt>
          <dd>
            <time dateTime={product.createAt}>{formatPostedAt(product.createAt)}</time>
          </dd>
        </dl>
        <div className="card-actions mt-auto pt-2">
          {product.order_status ? (
            <span className="badge badge-lg badge-error font-bold">SOLD OUT</span>
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
