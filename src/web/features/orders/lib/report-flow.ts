/**
 * The Report action of the category and listing pages (docs/product.md §2, §5 Confirmations, §8;
 * docs/spec-deviations.md): the report dialog (components/report-dialog.tsx) asks for a reason and an
 * optional note, with "Confirm" / "Don't Confirm"; a denial says "Changes are not saved"; a
 * confirmed report sends the product id, reason and note, then "Reported Success!". Loaded on the
 * first click (SweetAlert2 and the contract texts stay out of the category page's chunk).
 */
import type { ReportBody } from '#contract/accountability';
import { buyingTexts } from '#contract/texts';
import { dialogTexts, showFailure, showNotice, showSuccess } from '#web/components/dialogs';
import { errorText } from '#web/lib/error-text';
import { reportProduct } from '../api/report-product';

/** Texts of the report flow that the spec leaves open (invented: the spec has none). */
export const reportTexts = {
  question: (productName: string) => `Report ${productName}?`,
  explanation: 'An admin will review this listing and may take it off the market.',
  alreadyReportedTitle: 'Already reported',
  alreadyReported: 'You have already reported this product; each buyer counts once.',
  failed: 'Error',
  chooseReason: 'Choose a reason',
} as const;

/** docs/product.md §5: a denied confirmation says "Changes are not saved". */
export function reportDenied(): Promise<void> {
  return showNotice(dialogTexts.notSaved);
}

/**
 * Sends a confirmed report and shows its outcome.
 * @returns true when the report reached the server (new or repeated), false on failure.
 */
export async function submitReport(productId: string, notice: ReportBody): Promise<boolean> {
  try {
    const answer = await reportProduct(productId, notice);
    // A repeated report changes nothing: a notice, not a success icon.
    if (answer.modifiedCount === 0) {
      await showNotice(reportTexts.alreadyReportedTitle, reportTexts.alreadyReported);
    } else {
      await showSuccess(buyingTexts.reported);
    }
    return true;
  } catch (error) {
    await showFailure(reportTexts.failed, errorText(error));
    return false;
  }
}
