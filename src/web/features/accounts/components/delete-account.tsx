/**
 * Deleting one's own account: a button that opens a confirmation dialog (daisyUI
 * modal on <dialog>) with the spec §5 buttons Confirm and Don't Confirm; Don't Confirm (or
 * Escape, or a click beside it) says "Changes are not saved" (spec §5 Confirmations). On Confirm
 * the server deletes the account as the admin's delete does (soft delete, every session ends,
 * unsold listings leave the market); the app then signs out locally and goes home.
 */
import { startTransition, useId, useRef, useState } from 'react';
import toast from '#web/lib/toast';
import { useNavigate } from 'react-router';
import { profileTexts } from '#contract/profile';
import { dialogTexts } from '#web/components/dialogs';
import { SubmittingIndicator } from '#web/components/submitting-indicator';
import { useAuth } from '#web/lib/auth/auth-context';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { deleteOwnAccount } from '../api/profile';

export function DeleteAccount({ isSeller }: { isSeller: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const [pending, setPending] = useState(false);
  /** Closed by Confirm (a ref: the close event may run before React re-renders). */
  const confirmed = useRef(false);
  const { forgetSession } = useAuth();
  const navigate = useNavigate();

  const open = () => {
    confirmed.current = false;
    dialogRef.current?.showModal();
  };

  // Every way of closing without Confirm (Don't Confirm, Escape, the backdrop) ends here.
  const handleClose = () => {
    if (!confirmed.current) toast(dialogTexts.notSaved);
  };

  const handleConfirm = async () => {
    setPending(true);
    try {
      await deleteOwnAccount();
    } catch (error) {
      setPending(false);
      toast.error(errorText(error));
      confirmed.current = true;
      dialogRef.current?.close();
      return;
    }
    confirmed.current = true;
    dialogRef.current?.close();
    // One transition for both (React Router navigates in a transition): the page never renders
    // signed out on /user/profile, whose login guard would send the visitor to /login instead.
    startTransition(() => {
      void navigate(paths.home.href(), { replace: true });
      forgetSession();
    });
    toast.success(profileTexts.deleted);
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-error" onClick={open}>
        Delete my account
      </button>
      <dialog ref={dialogRef} className="modal" aria-labelledby={headingId} onClose={handleClose}>
        <div className="modal-box">
          <h2 id={headingId} className="text-xl font-bold">
            Delete your account?
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            <li>You are signed out everywhere and cannot sign in with this account again.</li>
            {isSeller && <li>Your unsold listings leave the market.</li>}
            <li>Orders already made stay, for you and the other party.</li>
          </ul>
          <div className="modal-action">
            {pending ? (
              <div className="w-full">
                <SubmittingIndicator label="Deleting your account" />
              </div>
            ) : (
              <>
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => dialogRef.current?.close()}
                >
                  {dialogTexts.deny}
                </button>
                <button
                  type="button"
                  className="btn btn-error"
                  onClick={() => void handleConfirm()}
                >
                  {dialogTexts.confirm}
                </button>
              </>
            )}
          </div>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1} aria-label="Close">
            close
          </button>
        </form>
      </dialog>
    </>
  );
}
