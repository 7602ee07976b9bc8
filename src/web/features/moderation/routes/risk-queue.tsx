/**
 * /user/admin/risk, Risk (decision 0028): listings of the last 30 days that Second Gear's checks
 * point at, highest score first, each with its reasons and their points (a reason that shares a
 * photo or a VIN with another listing links to it), and the reported messages' excerpts. The
 * admin opens the listing or dismisses it with a note (audit-logged); a dismissed listing comes back only when its score rises. One card per
 * listing (360 px).
 */
import { Link } from 'react-router';
import type { RiskItem } from '#contract/trust';
import { trustTexts } from '#contract/trust';
import { formatDollars } from '#contract/money';
import { moderationMessages } from '#contract/moderation';
import { DashboardPage } from '#web/components/dashboard-page';
import { confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { LocalTime } from '#web/components/local-time';
import { ProgressBar } from '#web/components/progress-bar';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useDismissRisk, useRiskQueue } from '../api/risk-queue';

export function RiskQueueRoute() {
  const { data, isPending, error } = useRiskQueue();
  return (
    <DashboardPage heading={trustTexts.riskHeading}>
      {isPending ? (
        <ProgressBar label="Loading the risk queue" />
      ) : !data ? (
        <ErrorMessage error={error} />
      ) : data.length === 0 ? (
        <p className="py-6 text-base-content/70">
          Nothing to look at: no listing has risk signals.
        </p>
      ) : (
        <ul className="space-y-4">
          {data.map((item) => (
            <li key={item._id}>
              <RiskCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}

function RiskCard({ item }: { item: RiskItem }) {
  const dismiss = useDismissRisk();

  const handle = async () => {
    const note = await confirmWithNote(
      {
        title: `Dismiss ${item.product_name} from the risk queue?`,
        consequence: 'It leaves the risk queue and stays on the market; your note is kept.',
        tone: 'default',
      },
      'Note (why it is fine)',
      1000,
    );
    if (note === null) return;
    if (!note) {
      await showFailure(moderationMessages.failed, 'A note is required');
      return;
    }
    try {
      await dismiss.mutateAsync({ id: item._id, note });
    } catch (error) {
      await showFailure(moderationMessages.failed, isApiError(error) ? error.message : undefined);
      return;
    }
    await showSuccess('Dismissed');
  };

  return (
    <article
      className="card border border-base-300 bg-base-100"
      aria-label={`Risk: ${item.product_name}`}
      data-testid="risk-item"
    >
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <img
            src={item.product_image}
            alt=""
            width={80}
            height={60}
            className="h-15 w-20 shrink-0 rounded-box object-cover"
          />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold break-words">
              <Link to={paths.listing.href(item._id)} className="link">
                {item.product_name}
              </Link>
            </h2>
            <p className="text-sm text-base-content/80">
              {formatDollars(item.resell_price)} · {item.seller_name} · listed{' '}
              <LocalTime value={item.listed_at} />
            </p>
          </div>
          <span className="badge shrink-0 badge-lg font-bold badge-warning" title="Risk score">
            {item.score}
          </span>
        </div>
        <ul className="flex flex-col gap-1 text-sm">
          {item.reasons.map((reason) => (
            <li key={reason.code} className="flex gap-2">
              <span className="w-10 shrink-0 text-right font-semibold">+{reason.points}</span>
              <span className="min-w-0 break-words">
                {reason.text}
                {reason.listing_id && (
                  <>
                    {' '}
                    (
                    <Link to={paths.listing.href(reason.listing_id)} className="link">
                      the other listing
                    </Link>
                    )
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
        {item.reported_messages.map((report, index) => (
          <details key={index} className="rounded-box border border-base-300 p-2 text-sm">
            <summary className="cursor-pointer font-medium">
              Reported message: {report.reason}
              {report.note ? ` — “${report.note}”` : ''}
            </summary>
            <ol className="mt-2 flex flex-col gap-1">
              {report.excerpt.map((line, lineIndex) => (
                <li key={lineIndex} className="break-words whitespace-pre-wrap">
                  <span className="font-semibold">
                    {line.from === 'seller' ? 'Seller' : 'Buyer'}:
                  </span>{' '}
                  {line.text}
                </li>
              ))}
            </ol>
          </details>
        ))}
        <div className="flex flex-wrap gap-2">
          <Link to={paths.listing.href(item._id)} className="btn btn-outline btn-sm">
            Open the listing
          </Link>
          <button
            type="button"
            className="btn btn-sm"
            disabled={dismiss.isPending}
            onClick={() => void handle()}
          >
            {trustTexts.dismiss}
          </button>
        </div>
      </div>
    </article>
  );
}
