/**
 * The statement of reasons an admin gives to delete a reported product (DSA Art.
 * 17(3)): the shared confirmation dialog "Delete {name}?" (Confirm in the error colour), saying
 * what deleting does, with the rule broken (a list matching the
 * report reasons and the Terms), the facts (free text, required, ≤ 2,000 characters) and whether
 * the decision was automated (Yes/No), then the spec's "Confirm" / "Don't Confirm" (docs/product.md §5).
 * It resolves through `onDone`: the statement on Confirm, null on Don't Confirm/Escape; the
 * caller then shows "Changes are not saved" or sends the call, after the dialog has closed.
 */
import { useId, useRef, useState } from 'react';
import {
  accountabilityTexts,
  moderationRules,
  moderationTextLimits,
  type ModerationRule,
  type StatementBody,
} from '#contract/accountability';
import { ConfirmationDialog } from '#web/components/confirmation-dialog';

export interface StatementDialogProps {
  productName: string;
  sellerName: string;
  /** A first guess for the rule (the most given report reason), or none. */
  suggestedRule?: ModerationRule;
  onDone: (statement: StatementBody | null) => void;
}

export function StatementDialog({
  productName,
  sellerName,
  suggestedRule,
  onDone,
}: StatementDialogProps) {
  const ruleId = useId();
  const factsId = useId();
  const factsErrorId = useId();
  const [rule, setRule] = useState<ModerationRule>(suggestedRule ?? moderationRules[0]);
  const [facts, setFacts] = useState('');
  const [automated, setAutomated] = useState(false);
  const [missingFacts, setMissingFacts] = useState(false);
  const result = useRef<StatementBody | null>(null);

  return (
    <ConfirmationDialog
      title={`Delete ${productName}?`}
      consequence={statementConsequence(sellerName)}
      tone="destructive"
      onConfirm={() => {
        if (!facts.trim()) {
          setMissingFacts(true);
          return false;
        }
        result.current = { rule, facts: facts.trim(), automated };
      }}
      onClose={(confirmed) => onDone(confirmed ? result.current : null)}
    >
      <h3 className="font-semibold">{accountabilityTexts.statementHeading}</h3>
      <div className="fieldset">
        <label htmlFor={ruleId} className="fieldset-legend pb-1">
          {accountabilityTexts.ruleLabel}
        </label>
        <select
          id={ruleId}
          className="select w-full"
          value={rule}
          onChange={(event) => setRule(event.target.value as ModerationRule)}
        >
          {moderationRules.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
      <div className="fieldset">
        <label htmlFor={factsId} className="fieldset-legend pb-1">
          {accountabilityTexts.factsLabel}
        </label>
        <textarea
          id={factsId}
          className="textarea w-full"
          rows={4}
          maxLength={moderationTextLimits.factsMax}
          aria-invalid={missingFacts || undefined}
          aria-describedby={missingFacts ? factsErrorId : undefined}
          value={facts}
          onChange={(event) => {
            setFacts(event.target.value);
            setMissingFacts(false);
          }}
        />
        {missingFacts && (
          <p id={factsErrorId} role="alert" className="text-sm text-error">
            Facts are required
          </p>
        )}
      </div>
      <fieldset className="fieldset">
        <legend className="fieldset-legend">{accountabilityTexts.automatedLegend}</legend>
        <div className="flex gap-4">
          {[
            { label: 'No', value: false },
            { label: 'Yes', value: true },
          ].map((option) => (
            // text-base-content: daisyUI's .label is faded and fails contrast (WCAG 1.4.3).
            <label
              key={option.label}
              className="label min-h-11 cursor-pointer gap-2 text-base-content"
            >
              <input
                type="radio"
                name="automated"
                className="radio radio-sm"
                checked={automated === option.value}
                onChange={() => setAutomated(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    </ConfirmationDialog>
  );
}

/** What deleting a reported listing does, with the seller it is sent to. */
export function statementConsequence(sellerName: string): string {
  return `The listing leaves the market for good and ${sellerName}, the seller, gets this statement of reasons and can appeal.`;
}
