/**
 * /user/admin/appeals, Appeals (DSA Art. 20): the sellers' appeals against removals,
 * pending first, each with the listing (linked), the seller, the statement of reasons it
 * contests and the appeal's text. "Uphold" and "Reverse" each ask for the reason (given to the
 * seller by e-mail) with "Confirm" / "Don't Confirm" (docs/product.md §5); reversing puts the listing back
 * on the market as it was. Decided appeals show their outcome. One card per appeal (360 px).
 */
import { Link } from 'react-router';
import {
  accountabilityTexts,
  moderationTextLimits,
  type AdminAppeal,
} from '#contract/accountability';
import { moderationMessages } from '#contract/moderation';
import { DashboardPage } from '#web/components/dashboard-page';
import { confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { ErrorMessage } from '#web/components/error-message';
import { LocalTime } from '#web/components/local-time';
import { ProgressBar } from '#web/components/progress-bar';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useAppeals, useDecideAppeal } from '../api/accountability';

export function AppealsRoute() {
  const { data, isPending, error } = useAppeals();
  return (
    <DashboardPage heading="Appeals">
      {isPending ? (
        <ProgressBar label="Loading appeals" />
      ) : !data ? (
        <ErrorMessage error={error} />
      ) : data.length === 0 ? (
        <p className="py-6 text-base-content/70">There are no appeals.</p>
      ) : (
        <ul className="space-y-4">
          {data.map((appeal) => (
            <li key={appeal._id}>
              <AppealCard appeal={appeal} />
            </li>
          ))}
        </ul>
      )}
    </DashboardPage>
  );
}

function AppealCard({ appeal }: { appeal: AdminAppeal }) {
  const decide = useDecideAppeal();

  const handle = async (outcome: 'upheld' | 'reversed') => {
    const reason = await confirmWithNote(
      {
        title: `${outcome === 'reversed' ? 'Reverse' : 'Uphold'} the removal of ${appeal.product_name}?`,
        consequence:
          outcome === 'reversed'
            ? 'The listing returns to the market and the seller gets your reason.'
            : 'The listing stays removed and the seller gets your reason.',
        tone: 'default',
      },
      'Reason (sent to the seller)',
      moderationTextLimits.appealMax,
    );
    if (reason === null) return;
    if (!reason) {
      await showFailure(moderationMessages.failed, 'A reason is required');
      return;
    }
    try {
      await decide.mutateAsync({ id: appeal._id, outcome, reason });
    } catch (error) {
      await showFailure(moderationMessages.failed, isApiError(error) ? error.message : undefined);
      return;
    }
    await showSuccess(
      outcome === 'reversed' ? accountabilityTexts.reversed : accountabilityTexts.upheld,
    );
  };

  return (
    <article
      className="card border border-base-300 bg-base-100"
      aria-label={`Appeal: ${appeal.product_name}`}
    >
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <img
            src={appeal.product_image}
            alt=""
            width={80}
            height={60}
            className="h-15 w-20 shrink-0 rounded-box object-cover"
          />
          <div className="min-w-0">
            <h2 className="font-semibold break-words">
              <Link to={paths.listing.href(appeal.product_id)} className="link">
                {appeal.product_name}
              </Link>
            </h2>
            <p className="text-sm text-base-content/80">
              {appeal.seller_name} · removed <LocalTime value={appeal.removed_at} />
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">{accountabilityTexts.ruleLabel}</dt>
          <dd>{appeal.rule}</dd>
          <dt className="font-semibold">{accountabilityTexts.factsLabel}</dt>
          <dd className="break-words whitespace-pre-wrap">{appeal.facts}</dd>
          <dt className="font-semibold">Automated</dt>
          <dd>{appeal.automated ? 'Yes' : 'No'}</dd>
          <dt className="font-semibold">Appeal</dt>
          <dd className="break-words whitespace-pre-wrap">{appeal.text}</dd>
        </dl>
        {appeal.outcome ? (
          <p className="text-sm" role="status">
            <span className="font-semibold">
              {appeal.outcome === 'reversed'
                ? accountabilityTexts.reversed
                : accountabilityTexts.upheld}
              :
            </span>{' '}
            {appeal.outcome_reason}
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-error"
              disabled={decide.isPending}
              onClick={() => void handle('upheld')}
            >
              Uphold
            </button>
            <button
              type="button"
              className="btn btn-sm btn-success"
              disabled={decide.isPending}
              onClick={() => void handle('reversed')}
            >
              Reverse
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
