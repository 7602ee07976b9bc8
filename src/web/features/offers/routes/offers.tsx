/**
 * Offers (decision 0034): `My Offers` (/user/buyer/offers) lists the offers the buyer made, and
 * `Offers` (/user/seller/offers) those on the seller's listings, newest first, one card each at
 * every width: the listing, the amounts, the state and when an open offer lapses. The actions
 * are the side's own: the seller accepts, declines or counters a pending offer; the buyer
 * accepts or declines a counter, or withdraws an open offer. An accepted offer links to the order.
 * One main action per card (Accept, or Pay once accepted); Counter, Decline and Withdraw are under
 * "More actions" on a phone and in a row from 1024 px (decision 0052).
 */
import { DashboardPage } from '#web/components/dashboard-page';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { useOffers } from '../api/offers';
import { OfferCard } from '../components/offer-card';

export function OffersRoute({ role }: { role: 'buyer' | 'seller' }) {
  const offers = useOffers(role);
  const heading = role === 'buyer' ? 'My Offers' : 'Offers';
  return (
    <DashboardPage heading={heading}>
      {offers.isPending ? (
        <ProgressBar label="Loading offers" />
      ) : !offers.data ? (
        <ErrorMessage error={offers.error} />
      ) : offers.data.length === 0 ? (
        <p className="py-10 text-center text-lg">No offers yet.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label={heading}>
          {offers.data.map((offer) => (
            <li key={offer._id}>
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
