/**
 * One offer (decision 0034) as its side sees it: the amounts, the state, when an open offer lapses
 * and how long is left, and the side's own actions: the seller accepts, declines or counters a
 * pending offer; the buyer accepts or declines a counter, or withdraws an open offer. An accepted
 * offer links the buyer to its payment. Used by My Offers and Offers (with the listing), and on a
 * listing page and in a conversation (without it, the car being shown there already; decision
 * 0048). Every action asks first (SweetAlert2) and answers through PATCH /api/offers/{id}.
 */
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#contract/money';
import type { Offer } from '#contract/offers';
import { offerStateRecords, offerTransition } from '#contract/deal-states';
import { ActionMenu } from '#web/components/action-menu';
import {
  confirmAction,
  showFailure,
  showSuccess,
  type Confirmation,
} from '#web/components/dialogs';
import { dayTimeFormat, LocalTime } from '#web/components/local-time';
import { paths } from '#web/lib/paths';
import { useAnswerOffer } from '../api/offers';

/** How long until `iso`, in words: "47 hours left", "35 minutes left", "less than a minute left". */
export function timeLeft(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor((new Date(iso).getTime() - now) / 60_000);
  if (minutes < 1) return 'less than a minute left';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  const hours = Math.floor(minutes / 60);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} left`;
}

export interface OfferCardProps {
  offer: Offer;
  /**
   * Shows the listing's photo and linked name (the offer lists); false where the car is on the
   * page already (its listing page, its conversation).
   */
  showListing?: boolean;
  /** The heading level of the card's title. */
  headingLevel?: 2 | 3;
}

export function OfferCard({ offer, showListing = true, headingLevel = 2 }: OfferCardProps) {
  const answer = useAnswerOffer();
  const [countering, setCountering] = useState(false);
  const [counter, setCounter] = useState('');
  const [problem, setProblem] = useState('');
  // What the offer's state means is its record (src/contract/deal-states.ts).
  const state = offerStateRecords[offer.status];
  const open = state.open;
  const name = offer.product_name;
  // What each button's name adds to its visible word: the listing, or on the listing's own page
  // (where a seller may see several) the buyer.
  const subject =
    !showListing && offer.role === 'seller' ? `from ${offer.other_party}` : `on ${name}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

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

  // The side whose word the state awaits answers it (accept or decline).
  const answerable = state.turn === offer.role;
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
            ? `Accept the offer ${subject}`
            : `Accept the counter-offer ${subject}`
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
  if (offerTransition(offer.status, 'counter', offer.role).ok) {
    rest.push(
      <button
        key="counter"
        type="button"
        className="btn btn-sm btn-outline"
        aria-label={`Counter the offer ${subject}`}
        onClick={() => setCountering(true)}
      >
        Counter
      </button>,
    );
  }
  if (answerable) {
    rest.push(
      <button
        key="decline"
        type="button"
        className="btn btn-sm btn-outline btn-error"
        aria-label={`Decline the offer ${subject}`}
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
        aria-label={`Withdraw the offer ${subject}`}
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
    <div className="card border border-base-300 bg-base-100" data-testid="offer">
      <div className="card-body gap-2 p-4">
        <div className="flex items-start gap-3">
          {showListing && (
            <img
              src={offer.product_image}
              alt={name}
              className="size-16 shrink-0 rounded-box object-cover"
              width={64}
              height={64}
              loading="lazy"
            />
          )}
          <div className="min-w-0 flex-1">
            {showListing ? (
              <Heading className="font-semibold break-words">
                <Link
                  className="link inline-flex min-h-6 items-center"
                  to={paths.listing.href(offer.product_id)}
                >
                  {name}
                </Link>
              </Heading>
            ) : (
              <Heading className="font-semibold">
                {offer.role === 'buyer' ? 'Your offer' : `Offer from ${offer.other_party}`}
              </Heading>
            )}
            {showListing && (
              <p className="text-sm">
                {offer.role === 'buyer' ? 'Seller' : 'Buyer'}: {offer.other_party}
              </p>
            )}
          </div>
          <span
            className="badge h-auto min-h-6 shrink-0 whitespace-normal"
            data-testid="offer-status"
          >
            {state.label}
          </span>
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
                <LocalTime value={offer.expires_at} format={dayTimeFormat} /> (
                {timeLeft(offer.expires_at)})
              </dd>
            </>
          )}
        </dl>
        {(main || rest.length > 0) &&
          (showListing ? (
            // A dashboard's card: one main action, the rest under "More actions" on a phone
            // (decision 0052).
            <div className="flex items-center justify-between gap-2">
              <div className="flex min-w-0 flex-wrap items-center gap-2">{main}</div>
              <ActionMenu label={`More actions for ${name}`} inlineFrom="lg">
                {rest}
              </ActionMenu>
            </div>
          ) : (
            // On the car's own page or conversation every action stands in view.
            <div className="card-actions flex-wrap justify-end">
              {main}
              {rest}
            </div>
          ))}
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
    </div>
  );
}
