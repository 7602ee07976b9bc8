/**
 * Offers (decision 0034): `My Offers` (/user/buyer/offers) lists the offers the buyer made, and
 * `Offers` (/user/seller/offers) those on the seller's listings, newest first, one card each at
 * every width: the listing, the amounts, the state and when an open offer lapses. The actions
 * are the side's own: the seller accepts, declines or counters a pending offer; the buyer
 * accepts or declines a counter, or withdraws an open offer. An accepted offer links to the order.
 * One main action per card (Accept, or Pay once accepted); Counter, Decline and Withdraw are under
 * "More actions" on a phone and in a row from 1024 px (decision 0052).
 */
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#contract/money';
import type { Offer } from '#contract/offers';
import { ActionMenu } from '#web/components/action-menu';
import { DashboardPage } from '#web/components/dashboard-page';
import {
  confirmAction,
  showFailure,
  showSuccess,
  type Confirmation,
} from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { paths } from '#web/lib/paths';
import { useAnswerOffer, useOffers } from '../api/offers';

const statusText: Record<Offer['status'], string> = {
  pending: 'Waiting for the seller',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
            <OfferCard key={offer._id} offer={offer} />
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}

function OfferCard({ offer }: { offer: Offer }) {
  const answer = useAnswerOffer();
  const [countering, setCountering] = useState(false);
  const [counter, setCounter] = useState('');
  const [problem, setProblem] = useState('');
  const open = offer.status === 'pending' || offer.status === 'countered';
  const name = offer.product_name;

  const act = async (
    body: Parameters<typeof answer.mutateAsync>[0]['answer'],
    confirmation: Confirmation | null,
    done: string,
  ) => {
    if (confirmation && !(await confirmAction(confirmation))) return;
    try {
      const result = await answer.mutateAsync({ offerId: offer._id, answer: body });
      await showSuccess(
        done,
        result.order_id ? 'The order waits for payment in My Orders.' : undefined,
      );
      setCountering(false);
    } catch (failure) {
      await showFailure('Error', failure instanceof Error ? failure.message : undefined);
    }
  };

  const sendCounter = () => {
    const value = Number(counter);
    if (!counter || !Number.isFinite(value) || value <= offer.amount) {
      setProblem(`A counter-offer must be above ${formatDollars(offer.amount)}`);
      return;
    }
    if (value > offer.asking_price) {
      setProblem(`A counter-offer must be at most ${formatDollars(offer.asking_price)}`);
      return;
    }
    setProblem('');
    void act({ action: 'counter', amount: value }, null, 'Counter-offer sent');
  };

  // One main action (Pay, Accept), the rest under "More actions" on a phone (decision 0052).
  const answerable =
    (offer.role === 'seller' && offer.status === 'pending') ||
    (offer.role === 'buyer' && offer.status === 'countered');
  const main: ReactElement | null =
    offer.status === 'accepted' && offer.role === 'buyer' && offer.order_id ? (
      <Link className="btn btn-sm btn-primary" to={paths.payment.href(offer.order_id)}>
        Pay {formatDollars(offer.counter_amount ?? offer.amount)}
      </Link>
    ) : answerable ? (
      <button
        type="button"
        className="btn btn-sm btn-primary"
        aria-label={
          offer.role === 'seller'
            ? `Accept the offer on ${name}`
            : `Accept the counter-offer on ${name}`
        }
        disabled={answer.isPending}
        onClick={() =>
          void act(
            { action: 'accept' },
            offer.role === 'seller'
              ? {
                  title: `Accept ${formatDollars(offer.amount)} for ${name}?`,
                  consequence: 'The car is reserved for the buyer until they pay.',
                  tone: 'default',
                }
              : {
                  title: `Accept ${formatDollars(offer.counter_amount ?? 0)} for ${name}?`,
                  consequence: 'An order at this price waits for your payment in My Orders.',
                  tone: 'default',
                },
            offer.role === 'seller' ? 'Offer accepted' : 'Counter-offer accepted',
          )
        }
      >
        Accept
      </button>
    ) : null;
  const rest: ReactElement[] = [];
  if (open && offer.role === 'seller' && offer.status === 'pending') {
    rest.push(
      <button
        key="counter"
        type="button"
        className="btn btn-sm btn-outline"
        aria-label={`Counter the offer on ${name}`}
        onClick={() => setCountering(true)}
      >
        Counter
      </button>,
    );
  }
  if (open && answerable) {
    rest.push(
      <button
        key="decline"
        type="button"
        className="btn btn-sm btn-ghost text-error lg:btn-outline lg:btn-error"
        aria-label={`Decline the offer on ${name}`}
        disabled={answer.isPending}
        onClick={() =>
          void act(
            { action: 'decline' },
            {
              title: `Decline this offer on ${name}?`,
              consequence: 'The offer ends; the buyer can make a new one.',
              tone: 'destructive',
            },
            'Offer declined',
          )
        }
      >
        Decline
      </button>,
    );
  }
  if (open && offer.role === 'buyer') {
    rest.push(
      <button
        key="withdraw"
        type="button"
        className="btn btn-sm btn-ghost"
        aria-label={`Withdraw the offer on ${name}`}
        disabled={answer.isPending}
        onClick={() =>
          void act(
            { action: 'withdraw' },
            {
              title: `Withdraw your offer on ${name}?`,
              consequence: 'Your offer ends; you can make a new one.',
              tone: 'destructive',
            },
            'Offer withdrawn',
          )
        }
      >
        Withdraw
      </button>,
    );
  }

  return (
    <li className="card border border-base-300 bg-base-100" data-testid="offer">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start gap-3">
          <img
            src={offer.product_image}
            alt={name}
            className="size-16 shrink-0 rounded-box object-cover"
            width={64}
            height={64}
            loading="lazy"
          />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold break-words">
              <Link
                className="link inline-flex min-h-6 items-center"
                to={paths.listing.href(offer.product_id)}
              >
                {name}
              </Link>
            </h2>
            <p className="text-sm break-words">
              {offer.role === 'buyer' ? 'Seller' : 'Buyer'}: {offer.other_party}
            </p>
            <span className="badge mt-1 h-auto min-h-6 whitespace-normal">
              {statusText[offer.status]}
            </span>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Asking</dt>
          <dd>{formatDollars(offer.asking_price)}</dd>
          <dt className="font-medium">Offer</dt>
          <dd>{formatDollars(offer.amount)}</dd>
          {offer.counter_amount !== null && (
            <>
              <dt className="font-medium">Counter-offer</dt>
              <dd>{formatDollars(offer.counter_amount)}</dd>
            </>
          )}
          {open && (
            <>
              <dt className="font-medium">Open until</dt>
              <dd>
                <time dateTime={offer.expires_at}>{when.format(new Date(offer.expires_at))}</time>
              </dd>
            </>
          )}
        </dl>
        {(main || rest.length > 0) && (
          <div className="flex items-center justify-between gap-2">
            <div className="flex min-w-0 flex-wrap items-center gap-2">{main}</div>
            <ActionMenu label={`More actions for ${name}`} inlineFrom="lg">
              {rest}
            </ActionMenu>
          </div>
        )}
        {countering && (
          <div className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
            <label className="flex flex-col gap-1">
              <span className="font-medium">Your counter-offer (US dollars)</span>
              <input
                className="input w-full"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                value={counter}
                onChange={(event) => setCounter(event.target.value)}
              />
            </label>
            {problem && (
              <p role="alert" className="text-error">
                {problem}
              </p>
            )}
            <div className="flex gap-2">
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={answer.isPending}
                onClick={sendCounter}
              >
                Send counter-offer
              </button>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => setCountering(false)}
              >
                Close
              </button>
            </div>
          </div>
        )}
      </div>
    </li>
  );
}
