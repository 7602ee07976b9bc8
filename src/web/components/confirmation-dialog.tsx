/**
 * The confirmation pattern of `confirmation.ts` for confirmations that carry a form (report a
 * listing, the statement of reasons, deleting one's account): a native modal `<dialog>` (role
 * dialog, as SweetAlert2's popups), labelled by its question and described by its consequence
 * sentence, the fields in between, then "Don't Confirm" (neutral, focused on open) and "Confirm"
 * (error colour when destructive, primary otherwise). It opens when mounted. Escape, the
 * backdrop and Don't Confirm all close it unconfirmed; the caller shows "Changes are not saved"
 * (docs/product.md §5).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import {
  confirmButtonClass,
  confirmationTexts,
  denyButtonClass,
  type ConfirmationTone,
} from './confirmation';
import { SubmittingIndicator } from './submitting-indicator';

export interface ConfirmationDialogProps {
  /** The question, e.g. "Report Toyota Corolla 2016?". */
  title: string;
  /** One sentence saying what happens on Confirm (the dialog's description). */
  consequence: string;
  tone: ConfirmationTone;
  /**
   * Called on Confirm (the form's submit). Return false to keep the dialog open, e.g. when a
   * required field is empty or the caller still works (see `busyLabel`).
   */
  onConfirm: () => boolean | void;
  /** Called once the dialog has closed; `confirmed` is true when Confirm closed it. */
  onClose: (confirmed: boolean) => void;
  /** While set, a progress bar with this label replaces the buttons (docs/product.md §4 Forms). */
  busyLabel?: string;
  /** The fields, between the consequence and the buttons. */
  children?: ReactNode;
}

export function ConfirmationDialog({
  title,
  consequence,
  tone,
  onConfirm,
  onClose,
  busyLabel,
  children,
}: ConfirmationDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const denyRef = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const headingId = useId();
  const consequenceId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The safe choice has the focus, whatever the dialog holds.
    denyRef.current?.focus();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={headingId}
      aria-describedby={consequenceId}
      onClose={() => onClose(confirmed.current)}
    >
      <div className="modal-box">
        <h2 id={headingId} className="text-xl font-bold break-words">
          {title}
        </h2>
        <p id={consequenceId} className="mt-1">
          {consequence}
        </p>
        <form
          noValidate
          className="mt-3 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (onConfirm() === false) return;
            confirmed.current = true;
            dialogRef.current?.close();
          }}
        >
          {children}
          {busyLabel ? (
            <SubmittingIndicator label={busyLabel} />
          ) : (
            <div className="confirmation-actions flex flex-wrap justify-end gap-2 pt-2">
              <button
                ref={denyRef}
                type="button"
                className={denyButtonClass}
                onClick={() => {
                  confirmed.current = false;
                  dialogRef.current?.close();
                }}
              >
                {confirmationTexts.deny}
              </button>
              <button type="submit" className={confirmButtonClass(tone)}>
                {confirmationTexts.confirm}
              </button>
            </div>
          )}
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}
