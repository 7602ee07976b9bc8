/**
 * "Removed by moderation" on My Products (DSA Art. 17 and 20): each of the seller's
 * listings an admin removed, with the statement of reasons (rule broken, facts, automated or
 * not), and the appeal: an Appeal button while one is allowed (once, within six months), then its
 * state — pending, upheld with the reason, or reversed (the listing is back). Renders nothing
 * when the seller has no removed listing. One card per removal: at 360 px nothing is cut off.
 */
import { accountabilityTexts, moderationTextLimits } from '#contract/accountability';
import type { ModerationDecision } from '#contract/accountability';
import { confirmWithNote, showFailure, showSuccess } from '#web/components/dialogs';
import { dateFormat, LocalTime } from '#web/components/local-time';
import { isApiError } from '#web/lib/api-client';
import { useCreateAppeal, useModerationDecisions } from '../api/accountability';

export function RemovedListings() {
  const { data } = useModerationDecisions();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="removed-heading" className="mt-10">
      <h2 id="removed-heading" className="mb-4 text-xl font-bold">
        {accountabilityTexts.removedHeading}
      </h2>
      <ul className="space-y-4">
        {data.map((decision) => (
          <li key={decision._id}>
            <DecisionCard decision={decision} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DecisionCard({ decision }: { decision: ModerationDecision }) {
  const createAppeal = useCreateAppeal();

  const handleAppeal = async () => {
    const text = await confirmWithNote(
      {
        title: `${accountabilityTexts.appeal}: ${decision.product_name}?`,
        consequence: 'An admin reviews the removal again and you get their answer.',
        tone: 'default',
      },
      accountabilityTexts.appealLabel,
      moderationTextLimits.appealMax,
    );
    if (text === null) return;
    try {
      await createAppeal.mutateAsync({ productId: decision.product_id, text });
    } catch (error) {
      await showFailure('Error', isApiError(error) ? error.message : undefined);
      return;
    }
    await showSuccess(accountabilityTexts.appealSent);
  };

  return (
    <article
      className="card border border-base-300 bg-base-100"
      aria-label={`${accountabilityTexts.removedHeading}: ${decision.product_name}`}
    >
      <div className="card-body gap-3 p-4">
        <div className="flex items-start gap-3">
          <img
            src={decision.product_image}
            alt=""
            width={80}
            height={60}
            className="h-15 w-20 shrink-0 rounded-box object-cover"
          />
          <div className="min-w-0">
            <h3 className="font-semibold break-words">{decision.product_name}</h3>
            <p className="text-sm text-base-content/80">
              Removed on <LocalTime value={decision.decided_at} format={dateFormat} />
              {decision.reversed && ' · back on the market'}
            </p>
          </div>
        </div>
        <div>
          <h4 className="font-semibold">{accountabilityTexts.statementHeading}</h4>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">{accountabilityTexts.ruleLabel}</dt>
            <dd>{decision.rule}</dd>
            <dt className="font-semibold">{accountabilityTexts.factsLabel}</dt>
            <dd className="break-words whitespace-pre-wrap">{decision.facts}</dd>
            <dt className="font-semibold">Automated</dt>
            <dd>{decision.automated ? 'Yes' : 'No, a person decided'}</dd>
          </dl>
        </div>
        <AppealState decision={decision} />
        {decision.can_appeal && (
          <div>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={createAppeal.isPending}
              onClick={() => void handleAppeal()}
            >
              {accountabilityTexts.appeal}
            </button>
            <p className="mt-1 text-sm text-base-content/70">
              Once, until <LocalTime value={decision.appeal_until} />
            </p>
          </div>
        )}
      </div>
    </article>
  );
}

function AppealState({ decision }: { decision: ModerationDecision }) {
  const { appeal } = decision;
  if (!appeal) {
    return decision.can_appeal ? null : (
      <p className="text-sm">
        The {moderationTextLimits.appealDays} days to appeal this decision have passed.
      </p>
    );
  }
  if (!appeal.outcome) {
    return (
      <p className="text-sm" role="status">
        Appeal pending since <LocalTime value={appeal.created_at} />
      </p>
    );
  }
  return (
    <div className="text-sm" role="status">
      <p className="font-semibold">
        {appeal.outcome === 'reversed' ? accountabilityTexts.reversed : accountabilityTexts.upheld}
      </p>
      {appeal.outcome_reason && (
        <p className="break-words whitespace-pre-wrap">{appeal.outcome_reason}</p>
      )}
    </div>
  );
}
