/**
 * PATCH /api/report-product?id={productId} (docs/product.md §7, made to work: docs/spec-deviations.md): the buyer
 * reports a product. DSA Art. 16: the body `{reason, note}` says why (one of
 * `reportReasons`; the note ≤ 1,000 characters, optional). Answer `{acknowledged,
 * modifiedCount, reportCount}`: modifiedCount is 1 for a new report and 0 when this buyer had
 * already reported it (each buyer counts once).
 */
import type { ReportBody } from '#contract/accountability';
import * as apiRoutes from '#contract/route-table';
import { apiCall } from '#web/lib/api-client';

export function reportProduct(productId: string, notice: ReportBody) {
  return apiCall(apiRoutes.reportProduct, { query: { id: productId }, body: notice });
}
