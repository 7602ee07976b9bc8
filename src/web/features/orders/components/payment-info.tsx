/**
 * A paid order's protected payment (decision 0042), for the buyer (My Orders: where the money
 * is, the handover code while it is held, `Ask for a refund` and `Open a dispute`) and for the
 * seller (Bookings: the handover code field that releases the money, `Refund the buyer`,
 * `Open a dispute`). Once released, both get the `Bill of sale` PDF: a plain download link,
 * which the server answers by the browser's session cookie.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { formatDollars } from '#contract/money';
import * as apiRoutes from '#contract/route-table';
import { apiUrl } from '#contract/routes';
import type { Order } from '#contract/orders';
import { paymentReasonMax, type PaymentStatus } from '#contract/protected-payments';
import { paths } from '#web/lib/paths';
import { useDisputePayment, useRefundPayment, useReleasePayment } from '../api/payment-actions';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const tone: Record<PaymentStatus, string> = {
  held: 'badge-info',
  disputed: 'badge-warning',
  released: 'badge-success',
  refunded: 'badge-ghost',
};

export const paymentInfoTexts = {
  buyer: {
    held: 'Held by Second Gear until the handover',
    disputed: 'Disputed: an admin decides',
    released: 'Paid to the seller',
    refunded: 'Refunded to your card',
  },
  seller: {
    held: 'Paid and held by Second Gear until the handover',
    disputed: 'Disputed: an admin decides',
    released: 'Paid out to you',
    refunded: 'Refunded to the buyer',
  },
  codeLabel: 'Handover code',
  codeHint: 'Give this code to the seller when you have checked the car and take the keys.',
  confirmHandover: 'Confirm handover',
  released: 'Handover confirmed: the money is on its way to you.',
  awaitingPayout: 'Handover confirmed. Add your payout details so the money can be sent.',
  refund: 'Ask for a refund',
  refundBuyer: 'Refund the buyer',
  refunded: 'Refunded. The listing is back on the market.',
  dispute: 'Open a dispute',
  disputed: 'Dispute opened. An admin will decide.',
  billOfSale: 'Bill of sale',
} as const;

/** The bill of sale's download link, once the money was released. */
function BillOfSaleLink({ order }: { order: Order }) {
  if (order.payment?.status !== 'released') return null;
  return (
    <a
      className="link inline-flex items-center gap-1 font-medium"
      href={apiUrl(apiRoutes.getBillOfSale, { params: { id: order._id } })}
      download={`bill-of-sale-${order._id}.pdf`}
      type="application/pdf"
    >
      {paymentInfoTexts.billOfSale}
      <span className="badge badge-ghost badge-xs">PDF</span>
    </a>
  );
}

function failure(error: unknown) {
  return showFailure('Error', error instanceof Error ? error.message : undefined);
}

/** Refund and dispute, offered to both sides while the money is held. */
function HeldActions({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const refund = useRefundPayment();
  const dispute = useDisputePayment();
  const name = order.product_info.product_name;
  const ask = async (kind: 'refund' | 'dispute') => {
    const reason = await confirmWithNote(
      {
        title:
          kind === 'refund'
            ? `${side === 'buyer' ? paymentInfoTexts.refund : paymentInfoTexts.refundBuyer}: ${name}?`
            : `${paymentInfoTexts.dispute}: ${name}?`,
        consequence:
          kind === 'refund'
            ? 'The whole amount goes back to the buyer’s card and the car goes back on the market.'
            : 'Second Gear keeps holding the money until an admin decides.',
        tone: 'default',
      },
      'Reason (required)',
      paymentReasonMax,
    );
    if (!reason) return;
    try {
      if (kind === 'refund') {
        await refund.mutateAsync({ orderId: order._id, reason });
        await showSuccess(paymentInfoTexts.refunded);
      } else {
        await dispute.mutateAsync({ orderId: order._id, reason });
        await showSuccess(paymentInfoTexts.disputed);
      }
    } catch (error) {
      await failure(error);
    }
  };
  const busy = refund.isPending || dispute.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className="btn btn-xs btn-outline"
        disabled={busy}
        onClick={() => void ask('refund')}
      >
        {side === 'buyer' ? paymentInfoTexts.refund : paymentInfoTexts.refundBuyer}
      </button>
      <button
        type="button"
        className="btn btn-xs btn-outline btn-warning"
        disabled={busy}
        onClick={() => void ask('dispute')}
      >
        {paymentInfoTexts.dispute}
      </button>
    </div>
  );
}

function Status({ order, side }: { order: Order; side: 'buyer' | 'seller' }) {
  const payment = order.payment!;
  return (
    <p>
      <span className={`badge badge-sm font-semibold ${tone[payment.status]}`}>
        {formatDollars(payment.amount)}
      </span>{' '}
      <span>{paymentInfoTexts[side][payment.status]}</span>
    </p>
  );
}

export function BuyerPaymentInfo({ order }: { order: Order }) {
  const payment = order.payment;
  if (!payment) return null;
  return (
    <div className="mt-1 space-y-1 text-sm" data-testid="payment">
      <Status order={order} side="buyer" />
      {order.handover_code && (
        <div className="rounded-box bg-base-200 p-2">
          <p className="font-medium">
            {paymentInfoTexts.codeLabel}:{' '}
            <span className="font-mono text-lg tracking-widest" data-testid="handover-code">
              {order.handover_code}
            </span>
          </p>
          <p className="text-base-content/70">{paymentInfoTexts.codeHint}</p>
        </div>
      )}
      {payment.status === 'held' && payment.release_by && (
        <p className="text-base-content/70">
          Goes to the seller on {day.format(new Date(payment.release_by))} unless you dispute.
        </p>
      )}
      {payment.status === 'held' && <HeldActions order={order} side="buyer" />}
      <BillOfSaleLink order={order} />
    </div>
  );
}

export function SellerPaymentInfo({ order }: { order: Order }) {
  const release = useReleasePayment();
  const [code, setCode] = useState('');
  const payment = order.payment;
  if (!payment) return null;
  const name = order.product_info.product_name;
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await release.mutateAsync({ orderId: order._id, code: code.trim() });
      await showSuccess(
        result.payment.awaiting_payout
          ? paymentInfoTexts.awaitingPayout
          : paymentInfoTexts.released,
      );
    } catch (error) {
      await failure(error);
    }
  };
  return (
    <div className="space-y-2 rounded-box bg-base-200 p-3 text-sm" data-testid="payment">
      <Status order={order} side="seller" />
      {payment.status === 'held' && payment.awaiting_payout && (
        <p>
          {paymentInfoTexts.awaitingPayout}{' '}
          <Link to={paths.profile.href()} className="link">
            Payout details
          </Link>
        </p>
      )}
      {payment.status === 'held' && !payment.awaiting_payout && (
        <>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => void handleSubmit(event)}
          >
            <label className="form-control">
              <span className="label-text">{paymentInfoTexts.codeLabel}</span>
              <input
                className="input input-sm input-bordered w-32 font-mono"
                inputMode="numeric"
                autoComplete="off"
                pattern="[0-9]{6}"
                maxLength={6}
                value={code}
                aria-label={`${paymentInfoTexts.codeLabel}: ${name}`}
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
            <button
              type="submit"
              className="btn btn-sm btn-success"
              disabled={release.isPending || code.trim().length !== 6}
            >
              {paymentInfoTexts.confirmHandover}
            </button>
          </form>
          <HeldActions order={order} side="seller" />
        </>
      )}
      <BillOfSaleLink order={order} />
    </div>
  );
}
