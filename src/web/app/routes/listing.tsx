/**
 * Listing page (route /listing/{id}; public, an addition to the spec recorded in
 * docs/spec-deviations.md): the listings feature's view with, for a buyer, the orders feature's
 * Book Now and Report exactly as on the category page; Book Now opens the booking modal. The
 * seller's phone and e-mail are fetched for signed-in users only, who may also `Message seller`
 * unless it is their own listing; on their own listing the seller gets Edit and the listing-state
 * actions of My Products instead (decision 0035). The heart and the seller's rating.
 * Unknown or removed: Uh-oh! with `This listing is no longer available` and similar listings;
 * an expired, sold or unavailable one shows similar listings under it (decision 0027).
 * Unknown or removed: Uh-oh!. Once shown in the browser, it tells the server it was seen (seller
 * insights). The deal where the viewer acts (decision 0048): `Make an offer` beside Book Now (in
 * the bar that follows the scroll too); a buyer's own open offer (amount, state, time left,
 * Withdraw) in its place once made, and their booking with its viewing time; on the seller's own
 * listing its open offers and bookings, with their actions.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { ProductCard } from '#contract/entities';
import { listingStates } from '#contract/listing-state';
import { offerStateRecords } from '#contract/deal-states';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { ErrorMessage } from '../../components/error-message';
import { useListing, useSellerContact } from '../../features/listings/api/get-listing';
import { useSimilarListings } from '../../features/listings/api/get-similar';
import {
  NoLongerAvailable,
  SimilarListings,
} from '../../features/listings/components/similar-listings';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { RatingSummaryText } from '../../features/reviews/components/stars';
import { ListingView } from '../../features/listings/components/listing-view';
import { MessageSellerButton } from '../../features/messages/components/message-seller';
import { BuyerActions } from '../../features/orders/components/buyer-actions';
import { MakeOfferButton } from '../../features/offers/components/make-offer';
import { OfferCard } from '../../features/offers/components/offer-card';
import { useOffers } from '../../features/offers/api/offers';
import { ListingBookings, MyBooking } from '../../features/orders/components/listing-bookings';
import type { Listing } from '#contract/listings';
import type { Offer } from '#contract/offers';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { useIsBuyer } from '../../lib/auth/roles';
import { sendListingView } from '../../lib/listing-events';
import { rememberListing } from '../../lib/recent-listings';
import { formatDollars } from '#contract/money';

/** The owner's Edit and listing-state actions (selling feature, with SweetAlert2): owners only. */
const OwnerListingControls = lazy(() =>
  import('../../features/selling/components/owner-listing-controls').then((m) => ({
    default: m.OwnerListingControls,
  })),
);

const BookingModal = lazy(() =>
  import('../../features/orders/components/booking-modal').then((m) => ({
    default: m.BookingModal,
  })),
);

/** Whether an offer still asks for an answer (its state's record, src/contract/deal-states.ts). */
const isOpen = (offer: Offer) => offerStateRecords[offer.status].open;

/** The buyer's offers on this listing that still ask something of someone. */
function useMyOffers(productId: string, sold: boolean) {
  const offers = useOffers('buyer');
  return (offers.data ?? []).filter(
    (offer) =>
      offer.product_id === productId && (isOpen(offer) || (offer.status === 'accepted' && !sold)),
  );
}

/** Book Now with Make an offer beside it (no button once the buyer has an open offer), Report. */
function BuyerListingActions({
  product,
  onBook,
}: {
  product: Listing;
  onBook: (product: ProductCard) => void;
}) {
  const mine = useMyOffers(product._id, product.order_status);
  return (
    <BuyerActions
      product={product}
      onBook={onBook}
      variant="page"
      offerAction={
        <MakeOfferButton
          productId={product._id}
          productName={product.product_name}
          askingPrice={product.resell_price}
          offered={mine.some(isOpen)}
          className="btn flex-1 btn-outline btn-primary"
        />
      }
    />
  );
}

/** The buyer's own offer and booking on this listing, with their actions. */
function BuyerListingDeal({ product }: { product: Listing }) {
  const mine = useMyOffers(product._id, product.order_status);
  return (
    <>
      {mine.map((offer) => (
        <OfferCard key={offer._id} offer={offer} showListing={false} />
      ))}
      <MyBooking productId={product._id} />
    </>
  );
}

/** The open offers and bookings on the seller's own listing, with their actions. */
function OwnerListingDeal({ product }: { product: Listing }) {
  const offers = useOffers('seller');
  const open = (offers.data ?? []).filter(
    (offer) => offer.product_id === product._id && isOpen(offer),
  );
  return (
    <>
      {open.length > 0 && (
        <section aria-labelledby="listing-offers" className="flex flex-col gap-2">
          <h2 id="listing-offers" className="font-semibold">
            Open offers ({open.length})
          </h2>
          {open.map((offer) => (
            <OfferCard key={offer._id} offer={offer} showListing={false} headingLevel={3} />
          ))}
        </section>
      )}
      <ListingBookings productId={product._id} />
    </>
  );
}

export function ListingRoute() {
  const { id = '' } = useParams();
  const { user, loading: authLoading } = useAuth();
  const isBuyer = useIsBuyer();
  const listing = useListing(id);
  const contact = useSellerContact(id, user?.uid);
  const [booking, setBooking] = useState<ProductCard | null>(null);
  // Decision 0027: a listing gone or off the market points to similar ones on the market.
  const gone = listing.isError && isApiError(listing.error, 404, 400);
  const offMarket =
    listing.data !== undefined && !listingStates[listing.data.listing_status].onMarket;
  const similar = useSimilarListings(id, gone || offMarket);
  const shownId = listing.data?._id;
  // Seller insights (decision 0029): the page was seen, told after it loaded in the browser,
  // so a page answered from a cache counts too. Once the sign-in state is known: the beacon then
  // carries a signed-in user's token, by which the server leaves the owner's own views out.
  useEffect(() => {
    if (shownId && !authLoading) sendListingView(shownId);
  }, [shownId, authLoading]);
  // The offline page lists the listings viewed recently (decision 0045).
  const shownName = listing.data?.product_name;
  const shownPrice = listing.data?.resell_price;
  useEffect(() => {
    if (shownId && shownName !== undefined && shownPrice !== undefined) {
      rememberListing({ id: shownId, name: shownName, price: formatDollars(shownPrice) });
    }
  }, [shownId, shownName, shownPrice]);

  if (listing.isPending) {
    return <PageLoading />;
  }
  if (listing.isError) {
    if (gone) {
      return (
        <>
          <NotFound />
          <NoLongerAvailable />
          <SimilarListings items={similar.data} />
        </>
      );
    }
    return <ErrorMessage error={listing.error} />;
  }
  const product = listing.data;
  const ownListing = user !== null && user !== undefined && user.uid === product.seller_uid;
  return (
    <>
      <PageTitle title={product.product_name} />
      <ListingView
        listing={product}
        roleChecking={isBuyer.isLoading}
        ownerActions={
          ownListing ? (
            <Suspense fallback={<div className="h-12" />}>
              <OwnerListingControls listing={product} />
            </Suspense>
          ) : undefined
        }
        buyerActions={
          isBuyer.holds && user && !ownListing ? (
            <BuyerListingActions product={product} onBook={setBooking} />
          ) : isBuyer.holds ? (
            <BuyerActions product={product} onBook={setBooking} variant="page" />
          ) : undefined
        }
        dealPanel={
          ownListing ? (
            <OwnerListingDeal product={product} />
          ) : isBuyer.holds && user ? (
            <BuyerListingDeal product={product} />
          ) : undefined
        }
        messageAction={
          user && user.uid !== product.seller_uid ? (
            <MessageSellerButton productId={product._id} productName={product.product_name} />
          ) : undefined
        }
        favouriteAction={
          ownListing ? undefined : <FavouriteButton productId={product._id} variant="inline" />
        }
        sellerRating={<RatingSummaryText rating={product.seller_rating} />}
        contact={contact.data ?? null}
        signedIn={user !== null && user !== undefined}
      />
      {offMarket && <SimilarListings items={similar.data} />}
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
