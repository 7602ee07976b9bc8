/**
 * Admin dashboard → Deposit disputes (/user/admin/deposit-disputes). Each deposit a
 * buyer disputed after the seller marked `Buyer did not come`: product, amount, both parties,
 * when it was captured and disputed, the buyer's reason; the admin refunds it to the buyer or
 * keeps it for the seller, with an optional note (audit-logged by the server).
 */
import { DashboardPage } from '#web/components/dashboard-page';
import { confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { formatDollars } from '#contract/money';
import { depositNoteMax, type DepositDispute } from '#contract/deposits';
import { useDecideDispute, useDepositDisputes } from '../api/deposit-actions';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function DepositDisputesRoute() {
  const disputes = useDepositDisputes();
  const decide = useDecideDispute();
  const handle = async (dispute: DepositDispute, decision: 'refund' | 'keep') => {
    const note = await confirmWithNote(
      decision === 'refund'
        ? {
            title: `Refund ${formatDollars(dispute.amount)} to ${dispute.buyer_name}?`,
            consequence: 'The deposit goes back to the buyer and the dispute is closed.',
            tone: 'default',
          }
        : {
            title: `Keep ${formatDollars(dispute.amount)} for ${dispute.seller_name}?`,
            consequence: 'The seller keeps the deposit and the dispute is closed.',
            tone: 'default',
          },
      'A note for the buyer (optional)',
      depositNoteMax,
    );
    if (note === null) return;
    try {
      await decide.mutateAsync({ orderId: dispute.order_id, decision, note });
      await showSuccess(decision === 'refund' ? 'Deposit refunded.' : 'Deposit kept.');
    } catch (error) {
      await showFailure('Error', error instanceof Error ? error.message : undefined);
    }
  };
  return (
    <DashboardPage heading="Deposit disputes">
      {disputes.isPending ? (
        <ProgressBar label="Loading the disputes" />
      ) : !disputes.data ? (
        <ErrorMessage error={disputes.error} />
      ) : disputes.data.length === 0 ? (
        <p className="py-10 text-center text-lg">No disputed deposits.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Deposit disputes">
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
                  {dispute.captured_at && (
                    <>
                      <dt className="font-medium">Captured</dt>
                      <dd>{when.format(new Date(dispute.captured_at))}</dd>
                    </>
                  )}
                  {dispute.disputed_at && (
                    <>
                      <dt className="font-medium">Disputed</dt>
                      <dd>{when.format(new Date(dispute.disputed_at))}</dd>
                    </>
                  )}
                </dl>
                {dispute.dispute_reason && (
                  <blockquote className="border-l-4 border-base-300 pl-3 text-sm break-words whitespace-pre-line">
                    {dispute.dispute_reason}
                  </blockquote>
                )}
                <div className="card-actions justify-end">
                  <button
                    type="button"
                    className="btn btn-sm btn-success"
                    disabled={decide.isPending}
                    onClick={() => void handle(dispute, 'refund')}
                  >
                    Refund the buyer
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    disabled={decide.isPending}
                    onClick={() => void handle(dispute, 'keep')}
                  >
                    Keep for the seller
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
