/**
 * The admin's table of reported products (docs/product.md §2 Admin dashboard, §3 Reported product): No.,
 * product image, product name, seller name, report count shown as "N User" (docs/product.md §9), and the
 * actions "Mark safe" (undo the report) and "Delete". Each asks to confirm first and reports
 * "Report Undo Success!" or "Deleted Successfully!" (docs/product.md §8); a handled product leaves the list.
 * DSA Art. 16, 17: each row shows the reports' reasons with their counts and notes, and
 * links to the listing; Delete asks for a statement of reasons (statement-dialog.tsx) in place of
 * the plain confirmation.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { moderationRules, type ModerationRule, type StatementBody } from '#contract/accountability';
import { ErrorMessage } from '#web/components/error-message';
import { ProgressBar } from '#web/components/progress-bar';
import { showFailure, showNotice, showSuccess, dialogTexts } from '#web/components/dialogs';
import { isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { moderationMessages, type ReportedProduct } from '#contract/moderation';
import { useReportedProducts } from '../api/get-reported-products';
import { useDeleteReportedProduct, useMarkProductSafe } from '../api/moderation-actions';
import { formatReportCount } from '../lib/report-count';
import { runAdminAction } from '../lib/run-admin-action';
import { StatementDialog } from './statement-dialog';

export function ReportedProductsTable() {
  const { data, isPending, error } = useReportedProducts();
  const markSafe = useMarkProductSafe();
  const remove = useDeleteReportedProduct();
  const [deleting, setDeleting] = useState<ReportedProduct | null>(null);

  if (isPending) return <ProgressBar label="Loading reported products" />;
  if (!data) return <ErrorMessage error={error} />;
  if (data.length === 0) {
    return <p className="py-6 text-base-content/70">There are no reported products.</p>;
  }

  const busyId = markSafe.isPending
    ? markSafe.variables
    : remove.isPending
      ? remove.variables.id
      : undefined;

  const handleMarkSafe = (product: ReportedProduct) =>
    runAdminAction({
      question: `Mark ${product.product_name} safe?`,
      detail: `Seller: ${product.seller_name}`,
      consequence: 'Its reports are cleared and it stays on the market.',
      tone: 'default',
      run: () => markSafe.mutateAsync(product._id),
      report: () => showSuccess(moderationMessages.reportUndone),
    });

  const finishDelete = async (product: ReportedProduct, statement: StatementBody | null) => {
    setDeleting(null);
    if (!statement) {
      await showNotice(dialogTexts.notSaved);
      return;
    }
    try {
      await remove.mutateAsync({ id: product._id, statement });
    } catch (error) {
      await showFailure(moderationMessages.failed, isApiError(error) ? error.message : undefined);
      return;
    }
    await showSuccess(moderationMessages.deleted);
  };

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="stack-table table">
          <caption className="sr-only">Reported products</caption>
          {/* daisyUI dims header text below 4.5:1 contrast (WCAG 1.4.3). */}
          <thead className="text-base-content">
            <tr>
              <th scope="col">No.</th>
              <th scope="col">Product Image</th>
              <th scope="col">Product Name</th>
              <th scope="col">Seller Name</th>
              <th scope="col">Report Count</th>
              <th scope="col">Reasons</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {data.map((product, index) => {
              const busy = busyId === product._id;
              return (
                <tr key={product._id} data-testid="reported-product-row">
                  <td data-label="No.">{index + 1}</td>
                  <td data-label="Product Image">
                    <img
                      src={product.product_image}
                      alt={product.product_name}
                      loading="lazy"
                      decoding="async"
                      width={80}
                      height={60}
                      className="h-15 w-20 rounded-box object-cover"
                    />
                  </td>
                  <th scope="row" className="font-semibold" data-label="Product Name">
                    <Link to={paths.listing.href(product._id)} className="link">
                      {product.product_name}
                    </Link>
                  </th>
                  <td data-label="Seller Name">{product.seller_name}</td>
                  <td className="whitespace-nowrap" data-label="Report Count">
                    {formatReportCount(product.reportCount)}
                  </td>
                  <td data-label="Reasons">
                    <ReportReasons product={product} />
                  </td>
                  <td data-label="Action">
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-sm btn-success"
                        aria-label={`Mark safe ${product.product_name}`}
                        disabled={busy}
                        onClick={() => void handleMarkSafe(product)}
                      >
                        Mark safe
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-error"
                        aria-label={`Delete ${product.product_name}`}
                        disabled={busy}
                        onClick={() => setDeleting(product)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error && <ErrorMessage error={error} />}
      {deleting && (
        <StatementDialog
          productName={deleting.product_name}
          sellerName={deleting.seller_name}
          suggestedRule={suggestRule(deleting)}
          onDone={(statement) => void finishDelete(deleting, statement)}
        />
      )}
    </>
  );
}

/** The most given reason as the rule to suggest, when it names one (`Other` does not). */
function suggestRule(product: ReportedProduct): ModerationRule | undefined {
  const top = product.reasons[0]?.reason;
  return moderationRules.find((rule) => rule === top);
}

/** The reports' reasons with their counts, and the notes. */
function ReportReasons({ product }: { product: ReportedProduct }) {
  return (
    <div className="max-w-xs space-y-1">
      <ul className="flex flex-wrap gap-1" aria-label="Reasons">
        {product.reasons.map(({ reason, count }) => (
          <li key={reason} className="badge badge-outline whitespace-nowrap">
            {reason} × {count}
          </li>
        ))}
      </ul>
      {product.notes.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm">
            {product.notes.length === 1 ? '1 note' : `${product.notes.length} notes`}
          </summary>
          <ul className="mt-1 space-y-1 text-sm">
            {product.notes.map((note) => (
              <li key={note.created_at + note.note} className="break-words whitespace-pre-wrap">
                <span className="font-semibold">{note.reason}:</span> {note.note}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
