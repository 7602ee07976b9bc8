/**
 * Category page (docs/product.md §2 Category page, route /category/{id}), composed from two features: the
 * catalogue's product grid and, for a buyer (useIsBuyer), the orders feature's Book Now and
 * Report on each unsold card, and the favourites feature's heart; Book Now opens the booking modal (a dialog, its own lazy chunk).
 * docs/product.md §2 puts this page behind login: the router wraps it in RequireAuth.
 */
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { ProductCard } from '#contract/entities';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { CategoryProducts } from '../../features/catalog/components/category-products';
import { BuyerActions } from '../../features/orders/components/buyer-actions';
import { useAuth } from '../../lib/auth/auth-context';
import { useIsBuyer } from '../../lib/auth/roles';

const BookingModal = lazy(() =>
  import('../../features/orders/components/booking-modal').then((m) => ({
    default: m.BookingModal,
  })),
);

export function CategoryRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isBuyer = useIsBuyer();
  /** The product being booked; the booking modal shows while it is set. */
  const [booking, setBooking] = useState<ProductCard | null>(null);

  return (
    <>
      <CategoryProducts
        categoryId={id}
        roleChecking={isBuyer.isLoading}
        favouriteAction={(product) => <FavouriteButton productId={product._id} />}
        buyerActions={
          isBuyer.holds
            ? (product) =>
                // Every account buys, but never its own listing (decision 0042).
                product.seller_uid === user?.uid ? (
                  <p className="text-sm text-base-content/70">Your listing</p>
                ) : (
                  <BuyerActions product={product} onBook={setBooking} />
                )
            : undefined
        }
      />
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
