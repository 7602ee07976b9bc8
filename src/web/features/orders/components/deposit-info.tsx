/**
 * A booking's viewing deposit, for the buyer (My Orders: its state, `Hold deposit`
 * while no card holds it, `Dispute` within 7 days of a capture) and for the seller (Bookings:
 * its state, `Viewing happened` and `Buyer did not come` while it is held).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction, confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { formatDollars } from '#contract/money';
import { depositStateRecords } from '#contract/deal-states';
import { depositNoteMax, depositTexts } from '#contract/deposits';
import type { Order } from '#contract/orders';
import { badgeToneClass } from '#web/components/listing-state-badge';
import { paths } from '#web/lib/paths';
import { useDisputeDeposit, useMarkDeposit } from '../api/deposit-actions';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function failure(error: unknown) {
  return showFailure('Error', error instanceof Error ? error.message : undefined);
}

export function BuyerDepositInfo({ order }: { order: Order }) {
  const dispute = useDisputeDeposit();
  // When the page rendered: the Dispute button shows while the 7 days run (the server checks).
  const [now] = useState(() => Date.now());
  const deposit = order.deposit;
  if (!deposit) return null;
  const canDispute =
    deposit.state === 'captured' &&
    deposit.dispute_until !== null &&
    now < Date.parse(deposit.dispute_until);
  const handleDispute = async () => {
    const reason = await confirmWithNote(
      {
        title: `Dispute the deposit for ${order.product_info.product_name}?`,
        consequence: 'An admin decides whether the deposit goes back to you.',
        tone: 'default',
      },
      'What happened (required)',
      depositNoteMax,
    );
    if (!reason) return;
    try {
      await dispute.mutateAsync({ orderId: order._id, reason });
      await showSuccess(depositTexts.disputed);
    } catch (error) {
      await failure(error);
    }
  };
  return (
    <div className="mt-1 space-y-1 text-sm" data-testid="deposit">
      <p>
        <span
          className={`badge badge-sm font-semibold ${badgeToneClass[depositStateRecords[deposit.state].tone]}`}
        >
          Deposit {formatDollars(deposit.amount)}
        </span>{' '}
        <span>{depositStateRecords[deposit.state].buyerText}</span>
      </p>
      {deposit.state === 'held' && deposit.release_by && (
        <p className="text-base-content/70">
          Released automatically by {day.format(new Date(deposit.release_by))}
        </p>
      )}
      {deposit.state === 'awaiting_card' && order.booking_state === 'open' && (
        <Link
          to={paths.depositHold.href(order._id)}
          className="btn btn-xs btn-primary"
          aria-label={`Hold deposit for ${order.product_info.product_name}`}
        >
          {depositTexts.holdDeposit}
        </Link>
      )}
      {canDispute && (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn btn-xs btn-outline btn-warning"
            disabled={dispute.isPending}
            onClick={() => void handleDispute()}
          >
            {depositTexts.dispute}
          </button>
          <span className="text-base-content/70">
            until {day.format(new Date(deposit.dispute_until!))}
          </span>
        </div>
      )}
    </div>
  );
}

export function SellerDepositInfo({ order }: { order: Order }) {
  const mark = useMarkDeposit();
  const deposit = order.deposit;
  if (!deposit) return null;
  const name = order.product_info.product_name;
  const handle = async (outcome: 'viewing_happened' | 'no_show') => {
    if (
      outcome === 'no_show' &&
      !(await confirmAction({
        title: `${depositTexts.noShow}?`,
        consequence: `The deposit of ${formatDollars(deposit.amount)} is taken from ${order.customer_info.customer_name}'s card for you. They can dispute it within 7 days.`,
        tone: 'default',
      }))
    ) {
      return;
    }
    try {
      await mark.mutateAsync({ orderId: order._id, outcome });
      await showSuccess(outcome === 'no_show' ? depositTexts.captured : depositTexts.released);
    } catch (error) {
      await failure(error);
    }
  };
  return (
    <div className="space-y-2 rounded-box bg-base-200 p-3 text-sm" data-testid="deposit">
      <p>
        <span
          className={`badge badge-sm font-semibold ${badgeToneClass[depositStateRecords[deposit.state].tone]}`}
        >
          Deposit {formatDollars(deposit.amount)}
        </span>{' '}
        <span>{depositStateRecords[deposit.state].sellerText}</span>
      </p>
      {deposit.state === 'held' && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={mark.isPending}
            aria-label={`${depositTexts.viewingHappened}: ${name}`}
            onClick={() => void handle('viewing_happened')}
          >
            {depositTexts.viewingHappened}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline btn-warning"
            disabled={mark.isPending}
            aria-label={`${depositTexts.noShow}: ${name}`}
            onClick={() => void handle('no_show')}
          >
            {depositTexts.noShow}
          </button>
        </div>
      )}
    </div>
  );
}
