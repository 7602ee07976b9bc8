/**
 * The statement of reasons an admin gives to delete a reported product (DSA Art.
 * 17(3)): a native modal `<dialog>` "Delete {name}?" with the rule broken (a list matching the
 * report reasons and the Terms), the facts (free text, required, ≤ 2,000 characters) and whether
 * the decision was automated (Yes/No), then the spec's "Confirm" / "Don't Confirm" (spec §5).
 * It resolves through `onDone`: the statement on Confirm, null on Don't Confirm/Escape; the
 * caller then shows "Changes are not saved" or sends the call, after the dialog has closed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  accountabilityTexts,
  moderationRules,
  moderationTextLimits,
  type ModerationRule,
  type StatementBody,
} from '#contract/accountability';
import { dialogTexts } from '#web/components/dialogs';

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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const ruleId = useId();
  const factsId = useId();
  const factsErrorId = useId();
  const [rule, setRule] = useState<ModerationRule>(suggestedRule ?? moderationRules[0]);
  const [facts, setFacts] = useState('');
  const [automated, setAutomated] = useState(false);
  const [missingFacts, setMissingFacts] = useState(false);
  const result = useRef<StatementBody | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={headingId}
      onClose={() => onDone(result.current)}
    >
      <div className="modal-box">
        <h2 id={headingId} className="text-xl font-bold break-words">
          Delete {productName}?
        </h2>
        <p className="mt-1 text-base-content/80">Seller: {sellerName}</p>
        <form
          noValidate
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!facts.trim()) {
              setMissingFacts(true);
              return;
            }
            result.current = { rule, facts: facts.trim(), automated };
            dialogRef.current?.close();
          }}
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
                <label key={option.label} className="label min-h-11 cursor-pointer gap-2">
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
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <button
              type="button"
              className="btn"
              onClick={() => {
                result.current = null;
                dialogRef.current?.close();
              }}
            >
              {dialogTexts.deny}
            </button>
            <button type="submit" className="btn btn-error">
              {dialogTexts.confirm}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
