/**
 * /user/admin/audit-log, Audit log (decision 0006): every admin action and every step of a
 * notice (decision 0021), newest first — who, what, the target (a link to the listing, or to a
 * seller's public page, while it exists), when (the reader's local time) and the reason the
 * action gave (a notice's reason, a note, a statement of reasons), with the rest of the record
 * under "Details". A filter keeps one action (kept in the address, `?action=`); "Load more"
 * fetches the next page. Below 640 px each entry is a stacked card (`stack-table`), so nothing
 * overflows at 360 px.
 */
import { Link, useSearchParams } from 'react-router';
import { auditActions, type AuditAction, type AuditEntry } from '#contract/moderation';
import { DashboardPage } from '#web/components/dashboard-page';
import { ErrorMessage } from '#web/components/error-message';
import { LoadMoreButton } from '#web/components/load-more-button';
import { LocalTime } from '#web/components/local-time';
import { ProgressBar } from '#web/components/progress-bar';
import { paths } from '#web/lib/paths';
import { useAuditLog } from '../api/audit-log';

/** What each action did, as the table says it. */
export const auditActionLabels: Record<AuditAction, string> = {
  'seller.verify': 'Verified a seller',
  'user.delete': 'Deleted a user',
  'report.mark_safe': 'Marked a reported listing safe',
  'report.delete_product': 'Removed a reported listing',
  'category.rename': 'Renamed a category',
  'category.merge': 'Merged categories',
  'category.delete': 'Deleted a category',
  'category.kind': 'Set what a category holds',
  'review.remove': 'Removed a review',
  'deposit.refund': 'Refunded a deposit',
  'deposit.keep': 'Kept a deposit for the seller',
  'payment.release': 'Released a disputed payment to the seller',
  'payment.refund': 'Refunded a disputed payment to the buyer',
  'report.create': 'Reported a listing',
  'appeal.submit': 'Appealed a removal',
  'appeal.uphold': 'Upheld a removal on appeal',
  'appeal.reverse': 'Reversed a removal on appeal',
  'message.report': 'Reported a message',
  'risk.dismiss': 'Dismissed a listing from the risk queue',
  'trader.check': "Checked a dealer's trader details",
};

const targetLabels: Record<AuditEntry['targetType'], string> = {
  user: 'User',
  product: 'Listing',
  category: 'Category',
  review: 'Review',
  order: 'Order',
  message: 'Message',
};

const isAction = (value: string | null): value is AuditAction =>
  (auditActions as readonly string[]).includes(value ?? '');

/**
 * The reason an entry's `details` give, or null: a notice's or appeal decision's `reason`, a
 * dismissal's `note`, or a removal's statement of reasons (`rule: facts`, DSA Art. 17).
 */
export function auditReason(details: Record<string, unknown>): string | null {
  if (typeof details.reason === 'string' && details.reason) return details.reason;
  if (typeof details.note === 'string' && details.note) return details.note;
  const statement = details.statement as { rule?: unknown; facts?: unknown } | undefined;
  if (statement && typeof statement.rule === 'string') {
    return typeof statement.facts === 'string' && statement.facts
      ? `${statement.rule}: ${statement.facts}`
      : statement.rule;
  }
  return null;
}

export function AuditLogRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('action');
  const action = isAction(requested) ? requested : undefined;
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useAuditLog(action);
  const entries = data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <DashboardPage heading="Audit log">
      <label className="mb-4 flex w-full max-w-sm flex-col gap-1">
        <span className="text-sm font-semibold">Action</span>
        <select
          className="select w-full"
          value={action ?? ''}
          onChange={(event) =>
            setParams(event.target.value ? { action: event.target.value } : {}, { replace: true })
          }
        >
          <option value="">All actions</option>
          {auditActions.map((name) => (
            <option key={name} value={name}>
              {auditActionLabels[name]}
            </option>
          ))}
        </select>
      </label>
      {isPending ? (
        <ProgressBar label="Loading the audit log" />
      ) : !data ? (
        <ErrorMessage error={error} />
      ) : entries.length === 0 ? (
        <p className="py-6 text-base-content/70">
          {action ? 'No entries of this action yet.' : 'No admin action has been recorded yet.'}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="stack-table table">
              <caption className="sr-only">Audit log, newest first</caption>
              {/* daisyUI dims header text below 4.5:1 contrast (WCAG 1.4.3). */}
              <thead className="text-base-content">
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Target</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditRow key={entry._id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
          {error && <ErrorMessage error={error} />}
          <LoadMoreButton
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            fetchNextPage={fetchNextPage}
          />
        </>
      )}
    </DashboardPage>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const reason = auditReason(entry.details);
  return (
    <tr data-testid="audit-entry" className="align-top">
      <td data-label="When" className="sm:whitespace-nowrap">
        <LocalTime value={entry.createdAt} />
      </td>
      <td data-label="Who">{entry.actorName}</td>
      <th scope="row" data-label="What" className="font-semibold">
        {auditActionLabels[entry.action] ?? entry.action}
      </th>
      <td data-label="Target">
        <AuditTarget entry={entry} />
      </td>
      <td data-label="Reason">
        <div className="flex flex-col gap-1 sm:items-start">
          <span className="break-words">{reason ?? '—'}</span>
          <details className="text-sm">
            <summary className="cursor-pointer text-base-content/80">Details</summary>
            <pre className="mt-1 max-w-xs text-left text-xs break-all whitespace-pre-wrap">
              {JSON.stringify(entry.details, null, 2)}
            </pre>
          </details>
        </div>
      </td>
    </tr>
  );
}

/** The target: a link while the listing or seller exists, else its kind (and "deleted"). */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  const kind = targetLabels[entry.targetType] ?? entry.targetType;
  if (entry.targetType === 'product' && entry.targetName) {
    return (
      <Link to={paths.listing.href(entry.targetId)} className="link break-words">
        {entry.targetName}
      </Link>
    );
  }
  if (entry.targetType === 'user' && entry.targetName) {
    return entry.targetSellerUid ? (
      <Link to={paths.sellerProfile.href(entry.targetSellerUid)} className="link break-words">
        {entry.targetName}
      </Link>
    ) : (
      <span className="break-words">{entry.targetName}</span>
    );
  }
  if (entry.targetType === 'product' || entry.targetType === 'user') {
    return <span className="text-base-content/80">{kind} (deleted)</span>;
  }
  return <span className="text-base-content/80">{kind}</span>;
}
