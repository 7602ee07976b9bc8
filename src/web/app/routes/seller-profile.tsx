/**
 * A seller's public profile (route /seller/{uid}): name, photo, verified badge, member
 * since, average rating and count, live listings as the shared listing cards without the seller's
 * name (with the favourites feature's heart and the Reserved badge)
 * and reviews with replies; the seller, signed in, may reply. Unknown uid: Uh-oh!.
 * Server-rendered like the listing page (decision 0015).
 */
import { useParams } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { UserAvatar } from '../../components/user-avatar';
import { SellerTypeLabel, TraderDetails } from '../../components/seller-type';
import { VerificationBadges } from '../../components/verification-badges';
import { ListingCard } from '../../components/listing-card';
import { ListingViewSwitch } from '../../components/listing-view-switch';
import { useListingView } from '../../lib/listing-view';
import { FavouriteButton } from '../../features/favourites/components/favourite-button';
import { useSellerProfile } from '../../features/reviews/api/reviews';
import { ReviewList } from '../../features/reviews/components/review-list';
import { RatingSummaryText } from '../../features/reviews/components/stars';
import { isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/auth-context';
import { LocalTime, monthYearFormat } from '../../components/local-time';

export function SellerProfileRoute() {
  const { uid = '' } = useParams();
  const view = useListingView();
  const { user } = useAuth();
  const profile = useSellerProfile(uid);
  if (profile.isPending) {
    return <PageLoading />;
  }
  if (profile.isError) {
    if (isApiError(profile.error, 404, 400)) return <NotFound />;
    return <ErrorMessage error={profile.error} />;
  }
  const { seller, rating, products, reviews } = profile.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <PageTitle title={seller.display_name} />
      <header className="flex items-center gap-4">
        <UserAvatar
          user={{ displayName: seller.display_name, photoURL: seller.photo_url }}
          size="size-16"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-bold [overflow-wrap:anywhere]">
            {seller.display_name}
          </h1>
          <VerificationBadges verification={seller.verification} />
          <p className="text-sm text-base-content/70">
            Member since <LocalTime value={seller.member_since} format={monthYearFormat} />
          </p>
          <SellerTypeLabel seller={seller} />
          <RatingSummaryText rating={rating} />
        </div>
      </header>

      {seller.trader && (
        // A dealer's page: its logo, address, opening hours and the trader details.
        <section
          aria-labelledby="dealer-details"
          className="card border border-base-300 bg-base-100"
        >
          <div className="card-body flex-col gap-4 p-5 sm:flex-row">
            {seller.trader.logo_url && (
              <img
                src={seller.trader.logo_url}
                alt={`${seller.trader.legal_name} logo`}
                width={96}
                height={96}
                className="size-24 shrink-0 rounded-box object-contain"
              />
            )}
            <TraderDetails trader={seller.trader} headingId="dealer-details" />
          </div>
        </section>
      )}

      <section aria-labelledby="seller-listings" className="flex flex-col gap-4">
        <h2 id="seller-listings" className="text-xl font-bold">
          Listings
        </h2>
        <ListingViewSwitch />
        {products.length === 0 ? (
          <p className="text-base-content/70">No live listings.</p>
        ) : (
          <ul
            className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${view === 'list' ? 'max-sm:gap-2' : ''}`}
          >
            {products.map((product) => (
              <li key={product._id}>
                {/* The page is the seller's: their name is in the heading, not on every card. */}
                <ListingCard
                  product={product}
                  showSeller={false}
                  compact={view === 'list'}
                  favouriteAction={<FavouriteButton productId={product._id} />}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="seller-reviews" className="flex flex-col gap-4">
        <h2 id="seller-reviews" className="text-xl font-bold">
          Reviews
        </h2>
        <ReviewList reviews={reviews} canReply={user?.uid === seller.uid} />
      </section>
    </div>
  );
}
