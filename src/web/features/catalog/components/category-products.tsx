/**
 * The body of the category page (docs/product.md §2 Category page): heading "All Product" and a grid of
 * product cards, 1, 2 or 3 columns by width, newest first, with "Load more" for the next page.
 * An unknown or malformed category id shows the not-found page. Each card is the shared listing
 * card with the spec's category fields (original price, years of use). What a buyer can do with a
 * card (Book Now, Report) is the caller's: the page in src/web/app composes it from the orders
 * feature.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard as Product } from '#contract/entities';
import { listingStates } from '#contract/listing-state';
import { ErrorMessage } from '#web/components/error-message';
import { LoadMoreButton } from '#web/components/load-more-button';
import { NotFound } from '#web/components/not-found';
import { PageTitle } from '#web/components/page-title';
import { ProgressBar } from '#web/components/progress-bar';
import { ListingCard, ListingStateBadge } from '#web/components/listing-card';
import { ListingViewSwitch } from '#web/components/listing-view-switch';
import { useListingView } from '#web/lib/listing-view';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useCategories } from '../api/get-categories';
import { useCategoryProducts } from '../api/get-category-products';

export interface CategoryProductsProps {
  categoryId: string;
  /** The buyer's actions on an unsold card, or undefined when the viewer is not a buyer. */
  buyerActions?: (product: Product) => ReactNode;
  /** True while the viewer's buyer role is being checked: the cards' feet stay empty. */
  roleChecking?: boolean;
  /** The heart on each card. */
  favouriteAction?: (product: Product) => ReactNode;
}

export function CategoryProducts({
  categoryId,
  buyerActions,
  roleChecking = false,
  favouriteAction,
}: CategoryProductsProps) {
  const view = useListingView();
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useCategoryProducts(categoryId);
  const categories = useCategories();

  if (!data && isApiError(error, 400, 404)) return <NotFound />;

  const products = data?.pages.flatMap((page) => page.items) ?? [];
  // The name for the breadcrumb and title: from the (usually cached) category list, which also
  // knows an empty category's name, else from a card.
  const categoryName =
    categories.data?.find((category) => category._id === categoryId)?.category_name ??
    products[0]?.category_name;

  return (
    <>
      <PageTitle title={categoryName ?? 'All Product'} />
      {/* The page names its category; one line tall before the name loads. */}
      <nav aria-label="Breadcrumb" className="breadcrumbs mb-2 min-h-9 text-sm">
        <ul>
          <li>
            <Link to={paths.home.href()}>Home</Link>
          </li>
          {categoryName && <li aria-current="page">{categoryName}</li>}
        </ul>
      </nav>
      <h1 className="mb-8 text-center text-3xl font-bold max-sm:mb-3">All Product</h1>
      <ListingViewSwitch className="mb-3" />
      {isPending ? (
        <ProgressBar label="Loading products" />
      ) : !data ? (
        <ErrorMessage error={error} />
      ) : (
        <>
          {products.length === 0 && (
            // An empty category says so instead of an empty page.
            <p className="py-6 text-center text-lg">No products in this category yet.</p>
          )}
          <ul
            className={`grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 ${view === 'list' ? 'max-sm:gap-2' : ''}`}
          >
            {products.map((product, index) => (
              <li key={product._id}>
                <ListingCard
                  product={product}
                  specFields
                  compact={view === 'list'}
                  priority={index === 0}
                  favouriteAction={favouriteAction?.(product)}
                  footer={
                    <CategoryCardFoot
                      product={product}
                      roleChecking={roleChecking}
                      buyerActions={buyerActions?.(product)}
                    />
                  }
                />
              </li>
            ))}
          </ul>
          {error && <ErrorMessage error={error} />}
          <LoadMoreButton
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            fetchNextPage={fetchNextPage}
            className="mt-10"
          />
        </>
      )}
    </>
  );
}

/**
 * A category card's foot (docs/product.md §2 Category page): a listing that cannot be booked shows
 * its state's badge (SOLD OUT, Reserved; src/contract/listing-state.ts), else the buyer's Book Now
 * and Report, or
 * "Please login with buyer account for buy this product." for anyone else; nothing while the
 * viewer's role is being checked.
 */
function CategoryCardFoot({
  product,
  roleChecking,
  buyerActions,
}: {
  product: Product;
  roleChecking: boolean;
  buyerActions: ReactNode;
}) {
  if (!listingStates[product.listing_status].bookable) {
    return <ListingStateBadge product={product} />;
  }
  if (roleChecking) return null;
  if (buyerActions) return buyerActions;
  return (
    <p className="text-sm font-medium text-warning-content">
      Please login with buyer account for buy this product.
    </p>
  );
}
