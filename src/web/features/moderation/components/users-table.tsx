/**
 * The admin's table of sellers or buyers (docs/product.md §2 Admin dashboard): No., photo, name, email and
 * the actions. Sellers also show their verification: a verified badge and the "Verified" label,
 * or a "Verify" button, whose confirmation lists the evidence to decide on (decision 0044: phone
 * and ID checks, account age, listings, reports, the risk queue's score and reasons); and
 * whether they are a private seller or a dealer, a dealer with the state of its trader check and
 * a "Trader check" button (trader-check-dialog.tsx, decision 0046). Every user but the admin
 * themselves gets "Delete". Each action asks to
 * confirm first and reports "Verified Success!", "Deleted Successfully!" or "No user was
 * deleted." (docs/product.md §8); the list refreshes after it. Newest first; "Load more" fetches the next
 * page.
 */
import { useState } from 'react';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { dialogTexts, showFailure, showNotice, showSuccess } from '#web/components/dialogs';
import { sellerTypeText } from '#web/components/seller-type';
import { isApiError } from '#web/lib/api-client';
import { moderationMessages, type ModeratedUser } from '#contract/moderation';
import { UserAvatar } from '#web/components/user-avatar';
import { useAuth } from '#web/lib/auth/auth-context';
import { useUsersByRole, type ModeratedRole } from '../api/get-users-by-role';
import {
  useDeleteUser,
  useTraderCheck,
  useVerifySeller,
  type TraderCheckResult,
} from '../api/moderation-actions';
import { TraderCheckDialog, traderCheckLabels } from './trader-check-dialog';
import { runAdminAction } from '../lib/run-admin-action';
import { evidenceFacts, fetchSellerEvidence } from '../lib/seller-evidence';
import { VerifiedBadge } from '#web/components/verified-badge';
import { LoadMoreButton } from '#web/components/load-more-button';

const captions = { seller: 'All sellers', buyer: 'All buyers' } as const;
const emptyTexts = { seller: 'There are no sellers yet.', buyer: 'There are no buyers yet.' };

export function UsersTable({ role }: { role: ModeratedRole }) {
  const { user: admin } = useAuth();
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useUsersByRole(role);
  const verify = useVerifySeller();
  const remove = useDeleteUser();
  const traderCheck = useTraderCheck();
  const [checking, setChecking] = useState<ModeratedUser | null>(null);

  if (isPending) return <ProgressBar label={`Loading ${captions[role].toLowerCase()}`} />;
  if (!data) return <ErrorMessage error={error} />;

  const users = data.pages.flatMap((page) => page.items);
  if (users.length === 0) return <p className="py-6 text-base-content/70">{emptyTexts[role]}</p>;

  /** The `_id` whose action is running: its buttons wait meanwhile. */
  const busyId = verify.isPending
    ? verify.variables
    : remove.isPending
      ? remove.variables
      : undefined;

  const handleVerify = async (user: ModeratedUser) => {
    // The confirmation comes first whatever happens (decision 0040): evidence that cannot be loaded
    // (the seller deleted meanwhile, say) is said in its place, and Confirm then reports the
    // server's answer.
    let facts: { label: string; value: string }[];
    try {
      facts = evidenceFacts(await fetchSellerEvidence(admin?.uid ?? '', user._id));
    } catch (error) {
      facts = [
        {
          label: 'Evidence',
          value: `Could not be loaded${isApiError(error) ? `: ${error.message}` : ''}`,
        },
      ];
    }
    await runAdminAction({
      question: `Verify ${user.displayName}?`,
      detail: user.email,
      facts,
      consequence: 'Their listings show the verified badge from now on.',
      tone: 'default',
      run: () => verify.mutateAsync(user._id),
      report: () => showSuccess(moderationMessages.verified),
    });
  };

  const handleDelete = (user: ModeratedUser) =>
    runAdminAction({
      question: `Delete ${user.displayName}?`,
      detail: user.email,
      consequence:
        'They are signed out everywhere, cannot sign in again and their unsold listings leave the market.',
      tone: 'destructive',
      run: () => remove.mutateAsync(user._id),
      report: ({ deletedCount }) =>
        deletedCount > 0
          ? showSuccess(moderationMessages.deleted)
          : showFailure(moderationMessages.noUserDeleted),
    });

  const finishTraderCheck = async (user: ModeratedUser, result: TraderCheckResult | null) => {
    setChecking(null);
    if (!result) {
      await showNotice(dialogTexts.notSaved);
      return;
    }
    try {
      await traderCheck.mutateAsync({ id: user._id, result });
    } catch (error) {
      await showFailure(moderationMessages.failed, isApiError(error) ? error.message : undefined);
      return;
    }
    await showSuccess(`${traderCheckLabels[result].state}: ${user.trader?.legal_name ?? ''}`);
  };

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="stack-table table">
          <caption className="sr-only">{captions[role]}</caption>
          {/* daisyUI dims header text below 4.5:1 contrast (WCAG 1.4.3). */}
          <thead className="text-base-content">
            <tr>
              <th scope="col">No.</th>
              <th scope="col">Photo</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              {role === 'seller' && <th scope="col">Status</th>}
              {role === 'seller' && <th scope="col">Trader</th>}
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user, index) => {
              const verified = user.status === 'verified';
              const busy = busyId === user._id;
              const isSelf = user.uid === admin?.uid;
              return (
                <tr key={user._id} data-testid="user-row">
                  <td data-label="No.">{index + 1}</td>
                  <td data-label="Photo">
                    <UserAvatar user={user} size="size-12" />
                  </td>
                  <th scope="row" className="font-semibold" data-label="Name">
                    <span className="flex items-center gap-1.5">
                      {user.displayName}
                      {role === 'seller' && verified && <VerifiedBadge />}
                      {user.isAdmin && <span className="badge badge-ghost badge-sm">Admin</span>}
                    </span>
                  </th>
                  {/* Whole addresses in the table (they used to break every few characters); the card
                      layout below 640 px wraps them only where needed. */}
                  <td className="sm:whitespace-nowrap" data-label="Email">
                    {user.email}
                  </td>
                  {role === 'seller' && (
                    <td data-label="Status">
                      {verified ? (
                        <span className="badge badge-success font-semibold">Verified</span>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          aria-label={`Verify ${user.displayName}`}
                          disabled={busy}
                          onClick={() => void handleVerify(user)}
                        >
                          Verify
                        </button>
                      )}
                    </td>
                  )}
                  {role === 'seller' && (
                    <td data-label="Trader">
                      <span className="flex flex-col items-start gap-1">
                        <span className="[overflow-wrap:anywhere]">{sellerTypeText(user)}</span>
                        {user.trader && (
                          <>
                            <span className="text-sm text-base-content/70">
                              {user.trader.check
                                ? traderCheckLabels[user.trader.check].state
                                : 'Not checked'}
                            </span>
                            <button
                              type="button"
                              className="btn btn-outline btn-sm btn-primary"
                              aria-label={`Trader check of ${user.displayName}`}
                              disabled={traderCheck.isPending}
                              onClick={() => setChecking(user)}
                            >
                              Trader check
                            </button>
                          </>
                        )}
                      </span>
                    </td>
                  )}
                  <td data-label="Action">
                    {isSelf ? (
                      <span className="text-sm text-base-content/70">You</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-error"
                        aria-label={`Delete ${user.displayName}`}
                        disabled={busy}
                        onClick={() => void handleDelete(user)}
                      >
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {checking?.trader && (
        <TraderCheckDialog
          trader={checking.trader}
          onDone={(result) => void finishTraderCheck(checking, result)}
        />
      )}
      {error && <ErrorMessage error={error} />}
      <LoadMoreButton
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        className="mt-6"
      />
    </>
  );
}
