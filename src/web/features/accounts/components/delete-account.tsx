/**
 * Deleting one's own account: a button that opens the shared confirmation dialog
 * (components/confirmation-dialog.tsx, Confirm in the error colour); Don't Confirm (or
 * Escape, or a click beside it) says "Changes are not saved" (docs/product.md §5 Confirmations). On Confirm
 * the server deletes the account as the admin's delete does (soft delete, every session ends,
 * unsold listings leave the market); the app then signs out locally and goes home.
 */
import { startTransition, useState } from 'react';
import toast from '#web/lib/toast';
import { useNavigate } from 'react-router';
import { profileTexts } from '#contract/profile';
import { confirmationTexts as dialogTexts } from '#web/components/confirmation';
import { ConfirmationDialog } from '#web/components/confirmation-dialog';
import { useAuth } from '#web/lib/auth/auth-context';
import { errorText } from '#web/lib/error-text';
import { paths } from '#web/lib/paths';
import { deleteOwnAccount } from '../api/profile';

export function DeleteAccount({ isSeller }: { isSeller: boolean }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const { forgetSession } = useAuth();
  const navigate = useNavigate();

  // Every way of closing without Confirm (Don't Confirm, Escape, the backdrop) ends here.
  const handleClose = (confirmed: boolean) => {
    if (!confirmed) {
      setOpen(false);
      toast(dialogTexts.notSaved);
    }
  };

  // Confirm keeps the dialog open, its buttons replaced by the progress bar, until the server
  // answers; then the dialog unmounts.
  const handleConfirm = async () => {
    setPending(true);
    try {
      await deleteOwnAccount();
    } catch (error) {
      setPending(false);
      setOpen(false);
      toast.error(errorText(error));
      return;
    }
    setOpen(false);
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
      <button type="button" className="btn btn-outline btn-error" onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && (
        <ConfirmationDialog
          title="Delete your account?"
          consequence="You are signed out everywhere and cannot sign in with this account again."
          tone="destructive"
          busyLabel={pending ? 'Deleting your account' : undefined}
          onConfirm={() => {
            if (!pending) void handleConfirm();
            return false;
          }}
          onClose={handleClose}
        >
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {isSeller && <li>Your unsold listings leave the market.</li>}
            <li>Orders already made stay, for you and the other party.</li>
          </ul>
        </ConfirmationDialog>
      )}
    </>
  );
}
