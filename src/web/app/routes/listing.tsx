/**
 * Listing page (route /listing/{id}; public, an addition to the spec recorded in
 * docs/spec-deviations.md): the listings feature's view with, for a buyer, the orders feature's
 * Book Now and Report exactly as on the category page; Book Now opens the booking modal. The
 * seller's phone and e-mail are fetched for signed-in users only, who may also `Message seller`
 * unless it is their own listing. The heart and the seller's rating.
 * Unknown or removed: Uh-oh!.
 */
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import type { ProductCard } from '../../../contract/entities';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { ErrorMessage } from '../../components/error-message';
import { useListing, useSellerContact } from '../../features/listings/api/get-listing';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { RatingSummaryText } from '../../features/reviews/components/stars';
import { ListingView } from '../../features/listings/components/listing-view';
import { MessageSellerButton } from '../../features/messages/components/message-seller';
import { BuyerActions } from '../../features/orders/components/buyer-actions';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useIsBuyer } from '../../lib/auth/roles';

const BookingModal = lazy(() =>
  import('../../features/orders/components/booking-modal').then((m) => ({
    default: m.BookingModal,
  })),
);

export function ListingRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const isBuyer = useIsBuyer();
  const listing = useListing(id);
  const contact = useSellerContact(id, user?.uid);
  const [booking, setBooking] = useState<ProductCard | null>(null);

  if (listing.isPending) {
    return <PageLoading />;
  }
  if (listing.isError) {
    if (isApiError(listing.error, 404, 400)) return <NotFound />;
    return <ErrorMessage error={listing.error} />;
  }
  const product = listing.data;
  return (
    <>
      <PageTitle title={product.product_name} />
      <ListingView
        listing={product}
        roleChecking={isBuyer.isLoading}
        buyerActions={
          isBuyer.holds ? <BuyerActions product={product} onBook={setBooking} /> : undefined
        }
        messageAction={
          user && user.uid !== product.seller_uid ? (
            <MessageSellerButton productId={product._id} productName={product.product_name} />
          ) : undefined
        }
        favouriteAction={<FavouriteButton productId={product._id} variant="inline" />}
        sellerRating={<RatingSummaryText rating={product.seller_rating} />}
        contact={contact.data ?? null}
        signedIn={user !== null && user !== undefined}
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
