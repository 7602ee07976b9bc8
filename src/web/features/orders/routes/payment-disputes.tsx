/**
 * Admin dashboard → Payment disputes (/user/admin/payment-disputes; decision 0042). Each
 * protected payment the buyer or the seller disputed before release: product, amount, both
 * parties, when it was paid and disputed, who disputed and why; the admin releases the money to
 * the seller or refunds it to the buyer, with an optional note (audit-logged by the server).
 */
import { DashboardPage } from '#web/components/dashboard-page';
import { confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { formatDollars } from '#contract/money';
import { paymentReasonMax, type PaymentDispute } from '#contract/protected-payments';
import { useDecidePaymentDispute, usePaymentDisputes } from '../api/payment-actions';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function PaymentDisputesRoute() {
  const disputes = usePaymentDisputes();
  const decide = useDecidePaymentDispute();
  const handle = async (dispute: PaymentDispute, outcome: 'release' | 'refund') => {
    const note = await confirmWithNote(
      outcome === 'refund'
        ? {
            title: `Refund ${formatDollars(dispute.amount)} to ${dispute.buyer_name}?`,
            consequence: 'The money goes back to the buyer and the car back on the market.',
            tone: 'default',
          }
        : {
            title: `Release ${formatDollars(dispute.amount)} to ${dispute.seller_name}?`,
            consequence: 'The money goes to the seller and the dispute is closed.',
            tone: 'default',
          },
      'A note for both sides (optional)',
      paymentReasonMax,
    );
    if (note === null) return;
    try {
      await decide.mutateAsync({ orderId: dispute.order_id, outcome, note });
      await showSuccess(outcome === 'refund' ? 'Payment refunded.' : 'Payment released.');
    } catch (error) {
      await showFailure('Error', error instanceof Error ? error.message : undefined);
    }
  };
  return (
    <DashboardPage heading="Payment disputes">
      {disputes.isPending ? (
        <ProgressBar label="Loading the disputes" />
      ) : !disputes.data ? (
        <ErrorMessage error={disputes.error} />
      ) : disputes.data.length === 0 ? (
        <p className="py-10 text-center text-lg">No disputed payments.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Payment disputes">
          {disputes.data.map((dispute) => (
            <li key={dispute.order_id} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3 p-4">
                <h2 className="font-semibold break-words">
                  {dispute.product_name}: {formatDollars(dispute.amount)}
                </h2>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-medium">Buyer</dt>
                  <dd className="[overflow-wrap:anywhere]">
                    {dispute.buyer_name} ({dispute.buyer_email})
                  </dd>
                  <dt className="font-medium">Seller</dt>
                  <dd className="[overflow-wrap:anywhere]">
                    {dispute.seller_name} ({dispute.seller_email})
                  </dd>
                  <dt className="font-medium">Paid</dt>
                  <dd>{when.format(new Date(dispute.held_at))}</dd>
                  {dispute.disputed_at && (
                    <>
                      <dt className="font-medium">Disputed by the {dispute.disputed_by}</dt>
                      <dd>{when.format(new Date(dispute.disputed_at))}</dd>
                    </>
                  )}
                </dl>
                <blockquote className="border-l-4 border-base-300 pl-3 text-sm break-words whitespace-pre-line">
                  {dispute.dispute_reason}
                </blockquote>
                <div className="card-actions justify-end">
                  <button
                    type="button"
                    className="btn btn-sm btn-success"
                    disabled={decide.isPending}
                    onClick={() => void handle(dispute, 'release')}
                  >
                    Release to the seller
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    disabled={decide.isPending}
                    onClick={() => void handle(dispute, 'refund')}
                  >
                    Refund the buyer
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}
