/**
 * Category page (spec §2 Category page, route /category/{id}): heading "All Product" and a grid
 * of product cards, 1, 2 or 3 columns by width, newest first, with "Load more" for the next page.
 * An unknown or malformed category id shows the not-found page.
 * Spec §2 puts this page behind login: the router wraps it in RequireAuth. Buyers (useIsBuyer) get
 * Book Now and Report on each unsold card; Book Now opens the booking modal (a dialog, lazy).
 */
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { PageTitle } from '../../../components/page-title';
import { ProgressBar } from '../../../components/progress-bar';
import { isApiError } from '../../../lib/api-client';
import { useIsBuyer } from '../../auth/api/get-roles';
import { useAuth } from '../../auth/lib/auth-context';
import { NotFound } from '../../errors/components/not-found';
import { BuyerActions } from '../../orders/components/buyer-actions';
import { useCategoryProducts } from '../api/get-category-products';
import { ProductCard } from '../components/product-card';
import type { ProductCard as Product } from '../../../lib/contract';
import { LoadMoreButton } from '../../../components/load-more-button';

const BookingModal = lazy(() =>
  import('../../orders/components/booking-modal').then((m) => ({ default: m.BookingModal })),
);

export function CategoryRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isBuyer = useIsBuyer();
  /** The product being booked; the booking modal shows while it is set. */
  const [booking, setBooking] = useState<Product | null>(null);
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useCategoryProducts(id);

  if (!data && isApiError(error, 400, 404)) return <NotFound />;

  const products = data?.pages.flatMap((page) => page.products) ?? [];
  const categoryName = products[0]?.category_name;

  return (
    <>
      <PageTitle title={categoryName ?? 'All Product'} />
      <h1 className="mb-8 text-center text-3xl font-bold">All Product</h1>
      {isPending ? (
        <ProgressBar label="Loading products" />
      ) : !data ? (
        <ErrorMessage error={error} />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {products.map((product) => (
              <li key={product._id}>
                <ProductCard
                  product={product}
                  roleChecking={isBuyer.isLoading}
                  buyerActions={
                    isBuyer.holds ? (
                      <BuyerActions product={product} onBook={setBooking} />
                    ) : undefined
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
      {booking && user && (
        <Suspense fallback={null}>
          <BookingModal
            key={booking._id}
            product={booking}
            user={user}
            onClose={() => setBooking(null)}
          />
        </Suspense>
      )}
    </>
  );
}
