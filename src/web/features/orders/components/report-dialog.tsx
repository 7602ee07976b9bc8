/**
 * The report dialog (spec §2 Report, §5 Confirmations, DSA Art. 16): a native modal
 * `<dialog>` asking "Report {name}?" with the reasons as a radio group (one required) and an
 * optional note (≤ 1,000 characters, with a live count), and the spec's two buttons, "Confirm"
 * and "Don't Confirm". The dialog closes before the outcome dialogs (SweetAlert2) open, so they
 * are never hidden behind it. Escape or ✕ count as "Don't Confirm" ("Changes are not saved").
 * Lazy: rendered (and its chunk loaded) only when Report is pressed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  accountabilityTexts,
  moderationTextLimits,
  reportReasons,
  type ReportReason,
} from '#contract/accountability';
import { dialogTexts } from '#web/components/dialogs';
import { reportDenied, reportTexts, submitReport } from '../lib/report-flow';

export interface ReportDialogProps {
  product: { _id: string; product_name: string };
  /** Called once the whole flow is over (sent, denied or failed). */
  onDone: () => void;
}

export function ReportDialog({ product, onDone }: ReportDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const noteId = useId();
  const countId = useId();
  const errorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [sending, setSending] = useState(false);
  // What to do once the dialog has closed: 'deny' (say so) or the report to send.
  const next = useRef<'deny' | { reason: ReportReason; note: string }>('deny');

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const afterClose = async () => {
    const action = next.current;
    if (action === 'deny') await reportDenied();
    else {
      setSending(true);
      await submitReport(product._id, {
        reason: action.reason,
        ...(action.note ? { note: action.note } : {}),
      });
    }
    onDone();
  };

  const confirm = () => {
    if (!reason) {
      setMissingReason(true);
      return;
    }
    next.current = { reason, note: note.trim() };
    dialogRef.current?.close();
  };

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={headingId}
      onClose={() => void afterClose()}
    >
      <div className="modal-box">
        <h2 id={headingId} className="text-xl font-bold break-words">
          {reportTexts.question(product.product_name)}
        </h2>
        <p className="mt-1 text-base-content/80">{reportTexts.explanation}</p>
        <form
          noValidate
          className="mt-3 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
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
          <div className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className="btn"
              disabled={sending}
              onClick={() => {
                next.current = 'deny';
                dialogRef.current?.close();
              }}
            >
              {dialogTexts.deny}
            </button>
            <button type="submit" className="btn btn-error" disabled={sending}>
              {dialogTexts.confirm}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
