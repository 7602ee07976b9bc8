/**
 * The admin's trader check of a business seller (EU Digital Services Act Art. 30(2): the
 * platform makes best efforts to assess the trader's details; decision 0046): the shared
 * confirmation dialog (decision 0040) showing the details as buyers see them, and the result to
 * record — ask the dealer for a check, passed or failed. It resolves through `onDone`: the result
 * on Confirm, null on Don't Confirm or Escape; the caller then shows "Changes are not saved" or
 * sends the call, after the dialog has closed.
 */
import { useRef, useState } from 'react';
import type { Trader } from '#contract/dealers';
import { ConfirmationDialog } from '#web/components/confirmation-dialog';
import { TraderDetails } from '#web/components/seller-type';
import type { TraderCheckResult } from '../api/moderation-actions';

/** The results as the admin reads them, and what a recorded check is called in the table. */
export const traderCheckLabels: Record<TraderCheckResult, { choice: string; state: string }> = {
  requested: { choice: 'Ask the dealer for a check', state: 'Check requested' },
  passed: { choice: 'Passed', state: 'Check passed' },
  failed: { choice: 'Failed', state: 'Check failed' },
};

export function TraderCheckDialog({
  trader,
  onDone,
}: {
  trader: Trader;
  onDone: (result: TraderCheckResult | null) => void;
}) {
  const [result, setResult] = useState<TraderCheckResult>(
    trader.check === 'requested' ? 'passed' : 'requested',
  );
  const chosen = useRef<TraderCheckResult | null>(null);
  return (
    <ConfirmationDialog
      title={`Trader check of ${trader.legal_name}?`}
      consequence="The result is recorded in the audit log and the dealer sees it with their trader details."
      tone="default"
      onConfirm={() => {
        chosen.current = result;
      }}
      onClose={(confirmed) => onDone(confirmed ? chosen.current : null)}
    >
      <TraderDetails trader={trader} headingId="trader-check-details" />
      <fieldset className="fieldset">
        <legend className="fieldset-legend">Result</legend>
        {(Object.keys(traderCheckLabels) as TraderCheckResult[]).map((option) => (
          // text-base-content: daisyUI's .label is faded and fails contrast (WCAG 1.4.3).
          <label key={option} className="label min-h-11 cursor-pointer gap-2 text-base-content">
            <input
              type="radio"
              name="trader-check"
              className="radio radio-sm"
              checked={result === option}
              onChange={() => setResult(option)}
            />
            {traderCheckLabels[option].choice}
          </label>
        ))}
      </fieldset>
    </ConfirmationDialog>
  );
}
