/**
 * The report dialog (docs/product.md §2 Report, §5 Confirmations, DSA Art. 16): the shared confirmation
 * dialog (components/confirmation-dialog.tsx) asking "Report {name}?", saying an admin will
 * review the listing, with the reasons as a radio group (one required) and an optional note
 * (≤ 1,000 characters, with a live count). Reporting is destructive (it may take the listing off
 * the market): Confirm is in the error colour. The dialog closes before the outcome dialogs
 * (SweetAlert2) open, so they are never hidden behind it. Escape or the backdrop count as
 * "Don't Confirm" ("Changes are not saved"). Lazy: rendered (and its chunk loaded) only when
 * Report is pressed.
 */
import { useId, useRef, useState } from 'react';
import {
  accountabilityTexts,
  moderationTextLimits,
  reportReasons,
  type ReportReason,
} from '#contract/accountability';
import { ConfirmationDialog } from '#web/components/confirmation-dialog';
import { reportDenied, reportTexts, submitReport } from '../lib/report-flow';

export interface ReportDialogProps {
  product: { _id: string; product_name: string };
  /** Called once the whole flow is over (sent, denied or failed). */
  onDone: () => void;
}

export function ReportDialog({ product, onDone }: ReportDialogProps) {
  const noteId = useId();
  const countId = useId();
  const errorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  // The report to send once the dialog has closed by Confirm.
  const report = useRef<{ reason: ReportReason; note: string } | null>(null);

  const handleClose = async (confirmed: boolean) => {
    const action = report.current;
    if (!confirmed || !action) await reportDenied();
    else {
      await submitReport(product._id, {
        reason: action.reason,
        ...(action.note ? { note: action.note } : {}),
      });
    }
    onDone();
  };

  return (
    <ConfirmationDialog
      title={reportTexts.question(product.product_name)}
      consequence={reportTexts.explanation}
      tone="destructive"
      onConfirm={() => {
        if (!reason) {
          setMissingReason(true);
          return false;
        }
        report.current = { reason, note: note.trim() };
      }}
      onClose={(confirmed) => void handleClose(confirmed)}
    >
      <fieldset
        className="fieldset"
        aria-describedby={missingReason ? errorId : undefined}
        aria-invalid={missingReason || undefined}
      >
        <legend className="fieldset-legend">{accountabilityTexts.reportReasonLegend}</legend>
        {reportReasons.map((option) => (
          <label key={option} className="label min-h-11 cursor-pointer gap-3 text-base-content">
            <input
              type="radio"
              name="reason"
              className="radio radio-sm"
              value={option}
              checked={reason === option}
              onChange={() => {
                setReason(option);
                setMissingReason(false);
              }}
            />
            {option}
          </label>
        ))}
        {missingReason && (
          <p id={errorId} role="alert" className="text-sm text-error">
            {reportTexts.chooseReason}
          </p>
        )}
      </fieldset>
      <div className="fieldset">
        <label htmlFor={noteId} className="fieldset-legend pb-1">
          {accountabilityTexts.reportNoteLabel}
        </label>
        <textarea
          id={noteId}
          className="textarea w-full"
          rows={3}
          maxLength={moderationTextLimits.noteMax}
          aria-describedby={countId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={countId} className="text-right text-sm text-base-content/70">
          {note.length}/{moderationTextLimits.noteMax}
        </p>
      </div>
    </ConfirmationDialog>
  );
}
