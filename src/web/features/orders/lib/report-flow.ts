/**
 * The Report action of the category page (spec §2, §5 Confirmations, §8; DESIGN.md §8): confirm
 * first ("Confirm" / "Don't Confirm"; a denial says "Changes are not saved"), then send the
 * product id, then "Reported Success!". Loaded on the first click (SweetAlert2 and the contract
 * texts stay out of the category page's chunk).
 */
import { buyingTexts } from '../../../../contract/orders';
import { confirmAction, showFailure, showNotice, showSuccess } from '../../../components/dialogs';
import { errorText } from '../../../lib/error-text';
import { reportProduct } from '../api/report-product';

/** Texts of the report flow that the spec leaves open (invented; see the issue 5 report). */
export const reportTexts = {
  question: (productName: string) => `Report ${productName}?`,
  explanation: 'An admin will review this listing.',
  alreadyReportedTitle: 'Already reported',
  alreadyReported: 'You have already reported this product; each buyer counts once.',
  failed: 'Error',
} as const;

/**
 * Runs the report flow for one product.
 * @returns true when the report reached the server (new or repeated), false on denial or failure.
 */
export async function runReportFlow(product: {
  _id: string;
  product_name: string;
}): Promise<boolean> {
  const confirmed = await confirmAction(
    reportTexts.question(product.product_name),
    reportTexts.explanation,
  );
  if (!confirmed) return false;
  try {
    const answer = await reportProduct(product._id);
    // A repeated report changes nothing: a notice, not a success icon (issue 12, point 5).
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
